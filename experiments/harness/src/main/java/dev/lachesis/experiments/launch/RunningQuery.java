package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.run.SpeBlock;
import java.util.List;

/**
 * A query a {@link QueryLauncher} started: the JVMs whose threads the daemon schedules (one, or one
 * per SPE for queries run on several SPEs at once), the policy file entries that point the daemon at
 * them, and a way to stop them.
 */
public interface RunningQuery extends AutoCloseable {
    /** The JVMs that run the query's threads, one per SPE. */
    List<Long> pids();

    /** The {@code spes:} entries for those JVMs, in the same order. */
    List<SpeBlock> spes();

    /**
     * Each SPE's own share of the run when queries on several SPEs run at once, so each is measured
     * apart as well as together; empty for a query on one SPE.
     */
    default List<SpePart> parts() {
        return List.of();
    }

    /** Stops the query's processes. */
    @Override
    void close();
}
