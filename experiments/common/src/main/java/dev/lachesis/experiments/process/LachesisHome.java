package dev.lachesis.experiments.process;

import java.nio.file.Path;

/**
 * Where the repository's scripts and build output are: {@code $LACHESIS_HOME}, which
 * {@code bin/lachesis-bench} and {@code bin/lachesis demo} set to the checkout they run from, or the
 * system property {@value #PROPERTY}, which the build sets for the tests. Commands that start
 * {@code bin/lachesis} (the store, the daemon) or an SPE's child JVM (with the class path of
 * experiments/storm's or experiments/flink's build) find them here unless told otherwise. Stateless.
 */
public final class LachesisHome {
    /** The environment variable the launch scripts set. */
    public static final String VARIABLE = "LACHESIS_HOME";
    /** The system property the build sets for the tests. */
    public static final String PROPERTY = "lachesis.home";

    private LachesisHome() {
    }

    /**
     * The checkout's root.
     *
     * @throws IllegalArgumentException when neither {@code $LACHESIS_HOME} nor {@value #PROPERTY} is set
     */
    public static Path root() {
        String home = System.getenv(VARIABLE);
        if (home == null || home.isBlank()) {
            home = System.getProperty(PROPERTY);
        }
        if (home == null || home.isBlank()) {
            throw new IllegalArgumentException("neither $" + VARIABLE + " nor -D" + PROPERTY + " says where the "
                    + "checkout is (bin/lachesis, the Storm experiments' build); run through bin/lachesis-bench");
        }
        return Path.of(home);
    }

    /** {@code given} if there is one, else the checkout's {@code bin/lachesis}. */
    public static Path lachesis(Path given) {
        return given != null ? given : root().resolve("bin/lachesis");
    }
}
