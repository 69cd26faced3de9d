package dev.lachesis.translators.journal;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the restore journal goes when the configuration names no file: {@code /run/lachesis/journal}
 * when {@code /run} is writable (root, systemd), else {@code lachesis-journal} in the temporary
 * directory. {@code /run} is emptied at boot, which is right: after a reboot there is nothing to restore.
 */
public final class JournalLocation {
    private JournalLocation() {
    }

    /** {@code configured} when given, else the default. */
    public static Path resolve(Path configured) {
        if (configured != null) {
            return configured;
        }
        Path run = Path.of("/run");
        if (Files.isDirectory(run) && Files.isWritable(run)) {
            return run.resolve("lachesis").resolve("journal");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "lachesis-journal");
    }
}
