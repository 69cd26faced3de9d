package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lachesis validate} as a user runs it (a child JVM with the real translators, which log
 * the kernel's capabilities and their closing at start-up): it prints its verdict and nothing else,
 * so a file with one bad key gives exactly one line.
 */
class ValidateOutputTest {
    private static final String FILE = """
            spes:
              - {name: a, driver: proc-threads, settings: {pid: 1, prefix: x}}
            policies:
              - name: rt
                policy: name-number
                translator: rt
                translator-settings:
                  highest: %s
            """;

    @TempDir
    Path tmp;

    @Test
    void aValidFileGivesOneLineOnStdoutAndNothingOnStderr() throws Exception {
        Path config = Files.writeString(tmp.resolve("lachesis.yaml"), FILE.formatted("99"));
        LachesisCli lachesis = new LachesisCli(tmp, Map.of());

        int exit = lachesis.run("validate", "validate", "--config", config.toString());

        assertThat(lachesis.err("validate")).isEmpty();
        assertThat(exit).isZero();
        assertThat(lachesis.out("validate")).isEqualTo("lachesis.yaml is valid: 1 SPE instance(s), policies [rt]\n");
    }

    @Test
    void oneBadKeyIsOneLine() throws Exception {
        Path config = Files.writeString(tmp.resolve("lachesis.yaml"), FILE.formatted("100"));
        LachesisCli lachesis = new LachesisCli(tmp, Map.of());

        int exit = lachesis.run("validate", "validate", "--config", config.toString());

        assertThat(lachesis.err("validate")).isEqualTo("policies[0].translator-settings.highest (lachesis.yaml:8) was '100'"
                + " but must be a whole number from 1 to 99\n");
        assertThat(exit).isEqualTo(2);
        assertThat(lachesis.out("validate")).isEmpty();
    }
}
