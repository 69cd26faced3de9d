package dev.lachesis.core.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.testing.FakePlugins;
import dev.lachesis.core.testing.FakeResolver;
import dev.lachesis.core.testing.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CommandDocsTest {
    private final CommandLine lachesis = LachesisCommand.commandLine(new Environment(FakePlugins.registry(),
            pid -> List.of(), FakeResolver::new, new ManualClock(Instant.EPOCH)));

    @Test
    void theManualPageHasEveryCommandWithItsOptionsInTroff() {
        String page = ManPage.of(lachesis, "1.2.3");

        assertThat(page).startsWith(".TH LACHESIS 1 \"\" \"lachesis 1.2.3\" \"User Commands\"\n")
                .contains(".SS \"lachesis run\"", ".SS \"lachesis validate\"", ".SS \"lachesis once\"",
                        "\\fB\\-c, \\-\\-config\\fR=\\fIFILE\\fR", ".SH EXIT STATUS")
                .doesNotContain("${DEFAULT-VALUE}");
        assertThat(page.lines()).as("no text line a troff request could be taken for")
                .noneMatch(l -> l.startsWith("'") || l.startsWith(".") && !l.matches("\\.(TH|SH|SS|TP|B|I|BR) ?.*"));
    }

    @Test
    void troffSpecialsAreEscaped() {
        assertThat(ManPage.escape("a-b \\n\n.start")).isEqualTo("a\\-b \\en\n\\&.start");
    }

    @Test
    void theGzipIsWhatGzipNineMakesAndReadsBack(@TempDir Path dir) throws Exception {
        byte[] text = "the same text, over and over, ".repeat(50).getBytes(StandardCharsets.UTF_8);
        Path file = dir.resolve("x.gz");

        CommandDocs.gzip(text, file);

        byte[] gz = Files.readAllBytes(file);
        assertThat(gz[8]).as("XFL: best compression").isEqualTo((byte) 2);
        assertThat(new byte[] {gz[4], gz[5], gz[6], gz[7]}).as("no time stamp").containsOnly(0);
        ByteArrayOutputStream back = new ByteArrayOutputStream();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            in.transferTo(back);
        }
        assertThat(back.toByteArray()).isEqualTo(text);
    }
}
