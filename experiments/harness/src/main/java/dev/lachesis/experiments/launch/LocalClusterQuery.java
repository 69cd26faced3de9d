package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.run.SpeBlock;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;

/**
 * A query running in a Storm {@code LocalCluster} child JVM (Storm 2 or 1.x), the one process the
 * daemon schedules and the trial stops.
 */
final class LocalClusterQuery implements RunningQuery {
    private final ChildJvm child;
    private final SpeBlock block;
    private final String description;

    private LocalClusterQuery(ChildJvm child, SpeBlock block, String description) {
        this.child = child;
        this.block = block;
        this.description = description;
    }

    /**
     * The query of {@code child} once its ready line came within {@code readyTimeout}; stops the child
     * when it did not.
     *
     * @param block the {@code spes:} entry for the child
     * @param spe how the SPE is named in messages, e.g. {@code Storm 1.2.3}
     */
    static LocalClusterQuery awaitReady(ChildJvm child, Duration readyTimeout, SpeBlock block, String spe,
                                        String topology) throws IOException, TimeoutException,
            InterruptedException {
        try {
            child.awaitLine(readyTimeout);
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            child.close();
            throw e;
        }
        return new LocalClusterQuery(child, block, String.format(Locale.ROOT, "%s %s, PID %d", spe, topology,
                child.pid()));
    }

    @Override
    public List<Long> pids() {
        return List.of(child.pid());
    }

    @Override
    public List<SpeBlock> spes() {
        return List.of(block);
    }

    @Override
    public void close() {
        child.close();
    }

    @Override
    public String toString() {
        return description;
    }
}
