package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * An example query to run in a Storm {@code LocalCluster} child JVM, the way {@code storm local}
 * runs a topology: everything {@code lachesis-bench query} and the end-to-end tests choose. Immutable.
 *
 * @param query which example query
 * @param topologyName the topology's name (its id adds a counter and the submission time)
 * @param tuplesPerSecond the spout's total rate
 * @param graphite the carbon plaintext receiver Storm's reporter writes to
 * @param waitStrategy how idle executors wait
 * @param heavyCostMicros CPU time the heavy operator burns per tuple
 * @param workers Storm workers (slots), all in the one JVM
 * @param heap the child's maximum heap, e.g. {@code 512m}
 * @param readyTimeoutSeconds how long the child waits for the first tuple at the sink
 * @param sampleRate {@code topology.stats.sample.rate}, 1.0 to count every tuple
 */
public record StormQuerySpec(StormQuery query, String topologyName, double tuplesPerSecond, HostPort graphite,
                             WaitStrategy waitStrategy, long heavyCostMicros, int workers, String heap,
                             long readyTimeoutSeconds, double sampleRate) {
    /** How long LocalCluster keeps the topology after submission: ten years, i.e. until stopped. */
    private static final long RUN_SECONDS = 10L * 365 * 24 * 3600;
    /** The main class {@code storm local} runs: it starts the cluster, then calls {@link #QUERY_MAIN}'s main. */
    private static final String LOCAL_CLUSTER = "org.apache.storm.LocalCluster";
    /** The child's program, in experiments/storm: it submits the query and prints {@link #READY}. */
    private static final String QUERY_MAIN = "dev.lachesis.experiments.storm.StormQueryMain";

    /**
     * Tells LocalCluster's in-process ZooKeeper not to fsync its log: on a busy disk one fsync took
     * 7 s in the suite, ZooKeeper answered nobody meanwhile, the worker's session timed out and the
     * query stopped delivering. A LocalCluster's ZooKeeper state dies with the JVM anyway.
     */
    public static final String NO_ZOOKEEPER_FSYNC = "-Dzookeeper.forceSync=no";
    /** The first word of the line the child prints once the topology processes tuples. */
    public static final String READY = "READY";
    /** The child's logging configuration, a class path resource of experiments/storm: warnings to standard error. */
    public static final String LOG_CONFIG = "lachesis-storm-child-log4j2.xml";

    public StormQuerySpec {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(topologyName, "topologyName");
        Objects.requireNonNull(graphite, "graphite");
        Objects.requireNonNull(waitStrategy, "waitStrategy");
        if (!(tuplesPerSecond > 0) || heavyCostMicros < 0 || workers < 1 || readyTimeoutSeconds < 1) {
            throw new IllegalArgumentException("rate, workers and ready timeout must be positive and the heavy cost "
                    + "zero or more");
        }
        if (!(sampleRate > 0 && sampleRate <= 1)) {
            throw new IllegalArgumentException("the sample rate must be in (0, 1], got " + sampleRate);
        }
    }

    /**
     * Starts the child JVM. Its first output line starting with {@link #READY} says that
     * tuples reach the sink; every other line goes to {@code output}. LocalCluster's directories go
     * to a {@code java.io.tmpdir} of the child's own, which {@link ChildJvm#close()} deletes.
     */
    public ChildJvm start(Consumer<String> output) throws IOException {
        return start(List.of(), List.of(), output);
    }

    /**
     * Starts the child JVM as {@link #start(Consumer)} does, through a launcher such as
     * {@code taskset -c 0} (empty for none) and with more arguments for the child's program, such
     * as {@code --sink-reports}.
     */
    public ChildJvm start(List<String> launcher, List<String> moreArgs, Consumer<String> output) throws IOException {
        SpeBuild build = SpeBuild.storm(LachesisHome.root());
        List<String> jvmOptions = List.of("-Xmx" + heap, NO_ZOOKEEPER_FSYNC, "-Dstorm.local.sleeptime=" + RUN_SECONDS,
                "-Dstorm.jar=" + build.jar(), "-Dlog4j2.configurationFile=" + LOG_CONFIG);
        List<String> args = new ArrayList<>(List.of(QUERY_MAIN,
                "--query", query.label(), "--name", topologyName, "--rate", Double.toString(tuplesPerSecond),
                "--metrics", graphite.toString(), "--wait-strategy", waitStrategy.label(),
                "--heavy-cost-us", Long.toString(heavyCostMicros), "--workers", Integer.toString(workers),
                "--ready-timeout-s", Long.toString(readyTimeoutSeconds), "--sample-rate", Double.toString(sampleRate),
                "--exit-with-parent"));
        args.addAll(moreArgs);
        Consumer<String> notReady = line -> {
            if (!line.startsWith(READY)) {
                output.accept(line);
            }
        };
        return ChildJvm.startWithOwnTmpdir(launcher, build.classPath(), jvmOptions, LOCAL_CLUSTER, args, READY,
                notReady);
    }
}
