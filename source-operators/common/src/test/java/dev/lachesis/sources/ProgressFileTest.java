package dev.lachesis.sources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressFileTest {
    @TempDir
    Path dir;

    @Test
    void startsAtZeroAndReadsBackWhatWasWritten() {
        ProgressFile progress = ProgressFile.forInstance(dir.resolve("state"), Path.of("/data/sensors.csv"), "file spout", 1, 3);

        assertThat(progress.path().getFileName()).hasToString("sensors.csv-file_spout-1-of-3.progress");
        assertThat(progress.read()).isZero();
        progress.write(42);
        progress.write(43);
        assertThat(progress.read()).isEqualTo(43);
        assertThat(new ProgressFile(progress.path()).read()).isEqualTo(43);
    }

    @Test
    void aCorruptFileIsAnErrorNamingItAndWhatToDo() throws IOException {
        Path file = dir.resolve("x.progress");
        Files.writeString(file, "forty");

        assertThatThrownBy(() -> new ProgressFile(file).read())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Source progress " + file + " holds 'forty' but must hold a sequence number >= 0;"
                        + " delete it to read from the start");
    }
}
