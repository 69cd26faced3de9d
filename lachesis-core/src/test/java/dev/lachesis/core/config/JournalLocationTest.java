package dev.lachesis.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JournalLocationTest {
    private static final Path TMP = Path.of("/tmp");

    @Test
    void systemdsRuntimeDirectoryWinsSoExecStopPostFindsWhatExecStartWrote() {
        assertThat(JournalLocation.defaultPath(Map.of("RUNTIME_DIRECTORY", "/run/lachesis"), true, TMP, "root"))
                .isEqualTo(Path.of("/run/lachesis/journal"));
        assertThat(JournalLocation.defaultPath(Map.of("RUNTIME_DIRECTORY", "/run/a:/run/b", "XDG_RUNTIME_DIR", "/run/user/7"),
                false, TMP, "u")).isEqualTo(Path.of("/run/a/journal"));
    }

    @Test
    void rootGetsRunLachesisWhateverElseTheEnvironmentSays() {
        assertThat(JournalLocation.defaultPath(Map.of("XDG_RUNTIME_DIR", "/run/user/0"), true, TMP, "root"))
                .isEqualTo(JournalLocation.RUN).isEqualTo(Path.of("/run/lachesis/journal"));
    }

    @Test
    void anotherUserGetsItsOwnRuntimeDirectoryElseItsOwnDirectoryInTmp() {
        assertThat(JournalLocation.defaultPath(Map.of("XDG_RUNTIME_DIR", "/run/user/1000"), false, TMP, "alice"))
                .isEqualTo(Path.of("/run/user/1000/lachesis/journal"));
        assertThat(JournalLocation.defaultPath(Map.of(), false, TMP, "alice")).isEqualTo(Path.of("/tmp/lachesis-alice/journal"));
    }

    @Test
    void aConfiguredPathIsKeptAndAFileWithoutJournalGetsTheSameDefaultAsTheCommandLine() throws ConfigException {
        assertThat(JournalLocation.resolve(Path.of("/var/lib/x/j"))).isEqualTo(Path.of("/var/lib/x/j"));
        LachesisConfig config = ConfigLoader.parse("t.yaml", "spes: []\n");
        assertThat(config.journal()).isEqualTo(JournalLocation.resolve(null));
    }
}
