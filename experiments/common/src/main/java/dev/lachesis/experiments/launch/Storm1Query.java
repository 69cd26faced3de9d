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
 * An example query to run on Storm 1.2.3 in a {@code LocalCluster} child JVM with experiments/storm1's
 * build ({@link SpeBuild#storm1}), its built-in metrics sent to carbon through
 * lachesis-storm1-metrics' consumer: what {@code lachesis-bench query --spe storm1}, the sweep and
 * the integration tests choose. Named here so that code without Storm 1.x on its class path can
 * start it. Immutable.
 *
 * @param query {@code pipeline}, {@code etl} or {@code stats}
 * @param topologyName the topology's name
 * @param tuplesPerSecond the source's rate
 * @param carbon the carbon plaintext receiver the metrics consumer writes to
 * @param heavyCostMicros CPU time the pipeline's heavy bolt burns per tuple
 * @param heap the child's maximum heap, e.g. {@code 512m}
 */
public record Storm1Query(String query, String topologyName, double tuplesPerSecond, HostPort carbon,
                          long heavyCostMicros, String heap) {
    /** The queries experiments/storm1 runs. */
    public static final List<String> QUERIES = List.of("pipeline", "etl", "stats");
    /** How the line that says tuples reach the sink starts; the child's PID follows. */
    public static final String READY = "READY pid=";
    /** The program. */
    private static final String MAIN = "dev.lachesis.experiments.storm1.Storm1QueryMain";
    /**
     * The JVM options: Storm 1.2.3's Kryo and Clojure reach into {@code java.base} by reflection,
     * which Java 17 allows only where it is opened; and the child's log configuration.
     */
    private static final List<String> JVM_OPTIONS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "-Dlog4j.configurationFile=lachesis-storm1-child-log4j2.xml");

    /**
     * @throws IllegalArgumentException naming the query that Storm 1.x does not run, or a rate, cost
     *         or heap that cannot be
     */
    public Storm1Query {
        Objects.requireNonNull(topologyName, "topologyName");
        Objects.requireNonNull(carbon, "carbon");
        Objects.requireNonNull(heap, "heap");
        if (!QUERIES.contains(query)) {
            throw new IllegalArgumentException("--query was '" + query + "' but Storm 1.x runs " + String.join(" or ",
                    QUERIES) + " (the others are not written for Storm 1.x)");
        }
        if (!(tuplesPerSecond > 0) || heavyCostMicros < 0) {
            throw new IllegalArgumentException("the rate must be positive and the heavy cost zero or more");
        }
    }

    /**
     * Starts the child JVM through {@code launcher} (such as {@code taskset -c 0}; empty for none)
     * with {@code moreArgs} for its program (such as {@code --input <file>} or {@code --sink-reports}).
     * Its first line starting with {@link #READY} says that tuples reach the sink; every other line
     * goes to {@code output}. LocalCluster's directories go to a {@code java.io.tmpdir} of the child's
     * own, which {@link ChildJvm#close()} deletes.
     *
     * @throws IllegalStateException when experiments/storm1 is not built
     */
    public ChildJvm start(List<String> launcher, List<String> moreArgs, Consumer<String> output) throws IOException {
        SpeBuild build = SpeBuild.storm1(LachesisHome.root());
        List<String> jvmOptions = new ArrayList<>(JVM_OPTIONS);
        jvmOptions.add("-Xmx" + heap);
        jvmOptions.add(StormQuerySpec.NO_ZOOKEEPER_FSYNC);
        List<String> args = new ArrayList<>(List.of("--query", query, "--name", topologyName,
                "--rate", Double.toString(tuplesPerSecond), "--metrics", carbon.toString(),
                "--heavy-cost-us", Long.toString(heavyCostMicros)));
        args.addAll(moreArgs);
        return ChildJvm.startWithOwnTmpdir(launcher, build.classPath(), jvmOptions, MAIN, args, READY, output);
    }
}
