package dev.lachesis.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildTempDirTest {
    @TempDir
    Path outside;

    @Test
    void isANewEmptyDirectoryInThisJvmsTmpdirNamedByItsPrefix() throws Exception {
        try (ChildTempDir dir = ChildTempDir.create("lachesis-test-")) {
            assertThat(dir.path()).isEmptyDirectory();
            assertThat(dir.path().getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
            assertThat(dir.path().getFileName().toString()).startsWith("lachesis-test-");
            assertThat(dir.jvmOption()).isEqualTo("-Djava.io.tmpdir=" + dir.path());
        }
    }

    @Test
    void closeDeletesTheDirectoryWithWhatWasWrittenIntoIt() throws Exception {
        ChildTempDir dir = ChildTempDir.create("lachesis-test-");
        Path nested = Files.createDirectories(dir.path().resolve("a1b2/storm_rocks"));
        Files.writeString(nested.resolve("LOCK"), "");
        Files.writeString(dir.path().resolve("librocksdbjni1.so"), "x");

        dir.close();

        assertThat(dir.path()).doesNotExist();
    }

    @Test
    void closeRemovesALinkButNotWhatItPointsTo() throws Exception {
        Path kept = Files.writeString(outside.resolve("kept.txt"), "mine");
        ChildTempDir dir = ChildTempDir.create("lachesis-test-");
        Files.createSymbolicLink(dir.path().resolve("link-to-file"), kept);
        Files.createSymbolicLink(dir.path().resolve("link-to-dir"), outside);

        dir.close();

        assertThat(dir.path()).doesNotExist();
        assertThat(kept).hasContent("mine");
    }

    @Test
    void closingTwiceIsHarmless() throws Exception {
        ChildTempDir dir = ChildTempDir.create("lachesis-test-");
        dir.close();
        dir.close();

        assertThat(dir.path()).doesNotExist();
    }
}
