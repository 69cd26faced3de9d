package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.launch.Storm1Query;
import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.Storm1SpeBlock;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Runs the ETL or STATS query on Storm 1.2.3 (the 2023 paper's SPE) in a {@code LocalCluster} child JVM,
 * started through {@code taskset} so the whole JVM stays on the SPE's CPUs, its built-in metrics
 * sent to the trial's store through lachesis-storm1-metrics' consumer every second. Storm 1.x
 * executors block on their queues, so the CSV files call its wait strategy {@value #WAIT}.
 */
final class Storm1Launcher implements QueryLauncher {
    private static final String WAIT = "blocking";
    private static final String HEAP = "2g";
    /**
     * Each query's operator a user would favour by hand, then its source. ETL: {@code join}, as on
     * Storm 2: with the kernel alone at 2,500 t/s (below saturation, where every executor still
     * reports) join took the most of the core (6.8%, experiments/results/storm1-etl/operators.csv);
     * beyond saturation the congested executors' metrics stop arriving, so a user measures below it.
     * STATS: {@code accumulate}, the heaviest of the same operators on Storm 2.8
     * (experiments/storm's {@code StatsTopology.HEAVIEST}), not yet measured on Storm 1.2.3.
     */
    private static final Map<String, HandSetPriority> HANDSET = Map.of(
            "etl", new HandSetPriority("join", "source"),
            "stats", new HandSetPriority("accumulate", "source"));

    private final String query;
    private final Duration readyTimeout;

    /** @throws IllegalArgumentException for a query other than etl and stats, the ones with sink reports on Storm 1.x */
    Storm1Launcher(String query, Duration readyTimeout) {
        if (!HANDSET.containsKey(query)) {
            throw new IllegalArgumentException("--query was '" + query + "' but a sweep on Storm 1.x runs etl or stats");
        }
        this.query = query;
        this.readyTimeout = readyTimeout;
    }

    @Override
    public String spe() {
        return "storm1";
    }

    @Override
    public String query() {
        return query;
    }

    @Override
    public String waitStrategy() {
        return WAIT;
    }

    @Override
    public boolean readsInput() {
        return true;
    }

    @Override
    public Optional<HandSetPriority> handSetPriority() {
        return Optional.of(HANDSET.get(query));
    }

    @Override
    public RunningQuery start(double rate, CpuList cpus, int carbonPort, Path input, Consumer<String> output)
            throws IOException, TimeoutException, InterruptedException {
        String topology = "sweep-" + query;
        Storm1Query storm1 = new Storm1Query(query, topology, rate, new HostPort("127.0.0.1", carbonPort), 0, HEAP);
        ChildJvm child = storm1.start(List.of("taskset", "-c", cpus.toString()),
                List.of("--sink-reports", "--input", input.toString()), output);
        return LocalClusterQuery.awaitReady(child, readyTimeout.plusSeconds(30), new Storm1SpeBlock(child.pid(),
                topology), "Storm 1.2.3", topology);
    }
}
