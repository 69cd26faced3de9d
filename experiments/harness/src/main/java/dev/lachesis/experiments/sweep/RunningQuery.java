package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.run.SpeBlock;

/**
 * A query a {@link QueryLauncher} started: the JVM whose threads the daemon schedules, the policy
 * file entry that points the daemon at it, and a way to stop it.
 */
public interface RunningQuery extends AutoCloseable {
    /** The JVM that runs the query's threads. */
    long pid();

    /** The {@code spes:} entry for that JVM. */
    SpeBlock spe();

    /** Stops the query's processes. */
    @Override
    void close();
}
