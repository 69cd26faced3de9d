package dev.lachesis.core.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the restore journal goes when the policy file has no {@code journal} key — the one default
 * that {@code run}, {@code once}, {@code set} and {@code restore} share, so that a plain
 * {@code lachesis restore} (a systemd unit's {@code ExecStopPost}, or a human after a crash) finds
 * what a killed daemon left. In this order:
 * <ol>
 *   <li>{@code $RUNTIME_DIRECTORY/journal}: systemd sets the variable for a unit with
 *       {@code RuntimeDirectory=lachesis} ({@code /run/lachesis}), for {@code ExecStart} and
 *       {@code ExecStopPost} alike (the first directory when it lists several);</li>
 *   <li>{@code /run/lachesis/journal} when {@code /run} (or {@code /run/lachesis}) is writable: root;</li>
 *   <li>{@code $XDG_RUNTIME_DIR/lachesis/journal} for another user: a directory only that user may enter;</li>
 *   <li>else {@code lachesis-<user>/journal} in the temporary directory.</li>
 * </ol>
 * Every one of these is emptied at boot, which is right: after a reboot thread ids mean nothing and
 * there is nothing to restore. Stateless.
 */
public final class JournalLocation {
    /** Where root's runtime files go, and the directory of its default, which may have to be created there. */
    private static final Path RUN_PARENT = Path.of("/run");
    private static final Path RUN_DIR = RUN_PARENT.resolve("lachesis");
    /** The default for root when systemd names no runtime directory. */
    public static final Path RUN = RUN_DIR.resolve("journal");
    /** How the default is chosen, for {@code --journal}'s help. */
    public static final String DEFAULT_DESCRIPTION =
            "$RUNTIME_DIRECTORY/journal, else /run/lachesis/journal (root), else $XDG_RUNTIME_DIR/lachesis/journal";
    private static final String FILE = "journal";

    private JournalLocation() {
    }

    /** {@code configured} when given, else {@link #defaultPath()}. */
    public static Path resolve(Path configured) {
        return configured != null ? configured : defaultPath();
    }

    /** The default for this process, from its environment. */
    public static Path defaultPath() {
        return defaultPath(System.getenv(), Files.isWritable(RUN_DIR) || Files.isWritable(RUN_PARENT),
                Path.of(System.getProperty("java.io.tmpdir")), System.getProperty("user.name"));
    }

    /**
     * The default given the environment {@code env}, whether {@code /run/lachesis} may be written
     * (or created), the temporary directory and the user's name. // VisibleForTesting
     */
    static Path defaultPath(Map<String, String> env, boolean runWritable, Path tmp, String user) {
        String runtime = env.get("RUNTIME_DIRECTORY");
        if (runtime != null && !runtime.isBlank()) {
            return Path.of(runtime.split(":", -1)[0]).resolve(FILE);
        }
        if (runWritable) {
            return RUN;
        }
        String xdg = env.get("XDG_RUNTIME_DIR");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg).resolve("lachesis").resolve(FILE);
        }
        return tmp.resolve("lachesis-" + user).resolve(FILE);
    }
}
