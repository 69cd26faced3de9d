package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.LinearRoadFeed;
import dev.lachesis.experiments.run.StormSpeBlock;
import dev.lachesis.experiments.shapes.RandomShape;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Runs an example query in a Storm {@code LocalCluster} child JVM (one worker, every tuple counted
 * by Storm's metrics), started through {@code taskset} so the whole JVM stays on the SPE's CPUs.
 * Linear Road reads from a {@link LinearRoadFeed} started first at the run's rate.
 */
final class StormLauncher implements QueryLauncher {
    private static final String HEAP = "2g";
    /** The heavy operator's cost; only the pipeline query has one. */
    private static final long HEAVY_COST_MICROS = 1000;

    private final StormQuery query;
    private final long shapeSeed;
    private final WaitStrategy waitStrategy;
    private final Duration readyTimeout;

    /** @param shapeSeed the seed of the random query's shape; ignored by the other queries */
    StormLauncher(StormQuery query, long shapeSeed, WaitStrategy waitStrategy, Duration readyTimeout) {
        this.query = query;
        this.shapeSeed = shapeSeed;
        this.waitStrategy = waitStrategy;
        this.readyTimeout = readyTimeout;
    }

    @Override
    public String spe() {
        return "storm";
    }

    @Override
    public String query() {
        return query == StormQuery.RANDOM ? RandomShape.label(shapeSeed) : query.label();
    }

    @Override
    public String waitStrategy() {
        return waitStrategy.label();
    }

    @Override
    public boolean readsInput() {
        return query.readsInput();
    }

    @Override
    public Optional<HandSetPriority> handSetPriority() {
        return query.handSetPriority();
    }

    @Override
    public RunningQuery start(double rate, CpuList cpus, int carbonPort, Path input, Consumer<String> output)
            throws IOException, TimeoutException, InterruptedException {
        String topology = "sweep-" + query();
        StormQuerySpec spec = new StormQuerySpec(query, topology, rate, new HostPort("127.0.0.1", carbonPort),
                waitStrategy, HEAVY_COST_MICROS, 1, HEAP, readyTimeout.toSeconds(), 1.0);
        List<String> args = new ArrayList<>(List.of("--sink-reports"));
        if (input != null) {
            args.addAll(List.of("--input", input.toString()));
        }
        if (query == StormQuery.RANDOM) {
            args.addAll(List.of("--shape", Long.toString(shapeSeed)));
        }
        LinearRoadFeed feed = query == StormQuery.LR ? LinearRoadFeed.start(rate) : null;
        try {
            if (feed != null) {
                args.addAll(feed.queryArguments());
            }
            ChildJvm child = spec.start(List.of("taskset", "-c", cpus.toString()), args, output);
            RunningQuery started = LocalClusterQuery.awaitReady(child, readyTimeout.plusSeconds(30),
                    new StormSpeBlock(child.pid(), topology, waitStrategy), "Storm", topology);
            return feed == null ? started : new FedQuery(started, feed);
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            if (feed != null) {
                feed.close();
            }
            throw e;
        }
    }
}
