package dev.lachesis.experiments;

import java.nio.file.Path;

/**
 * Where the repository's scripts are: {@code $LACHESIS_HOME}, which {@code bin/lachesis-bench} and
 * {@code bin/lachesis demo} set to the checkout they run from. Commands that start
 * {@code bin/lachesis} (the store, the daemon) or {@code bin/lachesis-bench-flink} find them here
 * unless told otherwise. Stateless.
 */
public final class LachesisHome {
    /** The environment variable the launch scripts set. */
    public static final String VARIABLE = "LACHESIS_HOME";

    private LachesisHome() {
    }

    /**
     * The checkout's root.
     *
     * @throws IllegalArgumentException when {@code $LACHESIS_HOME} is not set
     */
    public static Path root() {
        String home = System.getenv(VARIABLE);
        if (home == null || home.isBlank()) {
            throw new IllegalArgumentException("neither --lachesis nor $" + VARIABLE + " says where bin/lachesis is; "
                    + "run through bin/lachesis-bench or pass --lachesis");
        }
        return Path.of(home);
    }

    /** {@code given} if there is one, else the checkout's {@code bin/lachesis}. */
    public static Path lachesis(Path given) {
        return given != null ? given : root().resolve("bin/lachesis");
    }
}
