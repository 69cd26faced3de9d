package dev.lachesis.experiments.storm;

import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.etl.SenmlRecordGenerator;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.measure.SinkReportPrinter;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.process.Livelock;
import dev.lachesis.experiments.process.ThreadChurn;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The child JVM's program: submits one example query the way a user's topology main does, to be run
 * under {@code org.apache.storm.LocalCluster} exactly as {@code storm local} runs it, so the process
 * looks to Lachesis like any local-mode Storm process. Once tuples reach the sink it prints
 * {@value StormQuerySpec#READY} followed by its PID and returns; LocalCluster then keeps the topology running for
 * {@code -Dstorm.local.sleeptime} seconds. A query that replays an input file (etl) reads
 * {@code --input}, or without it a file of {@code --input-seconds} worth of records that it writes
 * before submitting; the source stops at the file's end. With {@code --submit-only} it is a
 * {@code storm jar} client instead: it submits to the cluster its {@code storm.conf.file} names, uploading
 * {@code -Dstorm.jar}, prints {@value StormQuerySpec#READY} and returns.
 *
 * <p>LocalCluster keeps its ZooKeeper, nimbus, supervisor and {@code storm.home} directories in
 * {@code java.io.tmpdir} and deletes them in {@code close()}, which {@code LocalCluster.main}
 * reaches only after its sleep: a JVM stopped by a signal never does. The launcher
 * ({@link dev.lachesis.testkit.ChildJvm}) therefore gives this JVM a {@code java.io.tmpdir}
 * of its own and deletes it once the JVM has ended.
 */
@Command(name = "storm-query", description = "Submits an example query to the local Storm cluster it runs in.")
public final class StormQueryMain implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(StormQueryMain.class);
    private static final Duration POLL = Duration.ofMillis(100);

    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--query", required = true, description = "Example query: ${COMPLETION-CANDIDATES}.",
            converter = QueryConverter.class)
    private StormQuery query;

    @Option(names = "--name", required = true, description = "Topology name.")
    private String topologyName;

    @Option(names = "--rate", required = true, description = "Input rate, tuples per second.")
    private double rate;

    @Option(names = "--metrics", required = true, description = "Graphite plaintext receiver, HOST:PORT.",
            converter = HostPortConverter.class)
    private HostPort metrics;

    @Option(names = "--wait-strategy", defaultValue = "progressive",
            description = "Idle wait of executors: park (100 µs at a time), park-<µs>us, or progressive (Storm's default).",
            converter = WaitStrategyConverter.class)
    private WaitStrategy waitStrategy;

    @Option(names = "--heavy-cost-us", defaultValue = "1000", description = "CPU time the heavy bolt burns per tuple, µs.")
    private long heavyCostMicros;

    @Option(names = "--workers", defaultValue = "1", description = "Storm workers (slots) of the topology.")
    private int workers;

    @Option(names = "--sample-rate", defaultValue = "1.0", description = "topology.stats.sample.rate.")
    private double sampleRate;

    @Option(names = "--ready-timeout-s", defaultValue = "120", description = "Give up when no tuple reached the sink by then.")
    private long readyTimeoutSeconds;

    @Option(names = "--input", description = "The file the etl, stats and fanout queries replay, one SenML record per line "
            + "(dev.lachesis.experiments.etl.GenerateSenml writes one); default: one written here.")
    private Path input;

    @Option(names = "--input-seconds", defaultValue = "600",
            description = "Without --input, write rate × this many records for the etl, stats and fanout queries (default ${DEFAULT-VALUE}).")
    private long inputSeconds;

    @Option(names = "--kafka", description = "lr: the Kafka cluster the position reports are read from, host:port.")
    private String kafka;

    @Option(names = "--topic", defaultValue = "position-reports",
            description = "lr: the topic of stamped position reports (default ${DEFAULT-VALUE}).")
    private String topic;

    @Option(names = "--shape", defaultValue = "1",
            description = "random: the seed the query's shape is drawn from (default ${DEFAULT-VALUE}).")
    private long shapeSeed;

    @Option(names = "--sink-reports",
            description = "Once tuples flow, print a " + SinkReport.PREFIX + " line (tuples and latencies at the sink) every second.")
    private boolean sinkReports;

    @Option(names = "--churn-threads", defaultValue = "0",
            description = "Start and end this many short-lived threads a second in this JVM, beside the topology "
                    + "(the fault campaign's thread churn); 0 for none.")
    private int churnThreadsPerSecond;

    @Option(names = "--exit-with-parent",
            description = "Exit when standard input closes, i.e. when the launching process is gone.")
    private boolean exitWithParent;

    @Option(names = "--submit-only",
            description = "Submit to the cluster that storm.conf.file names, as a storm jar client does, print "
                    + StormQuerySpec.READY + " once Nimbus accepted the topology and return: its sink runs in a "
                    + "worker JVM, not in this one.")
    private boolean submitOnly;

    @Option(names = "--livelock-file",
            description = "Once this file exists, the heavy bolt spins forever on its next tuple (the real-time safety net's test).")
    private Path livelockFile;

    /** Entry point called by {@code LocalCluster.main}; exits only on failure. */
    public static void main(String[] args) {
        int code = new CommandLine(new StormQueryMain()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    @Override
    public Integer call() throws Exception {
        if (exitWithParent) {
            watchParent(System.in);
        }
        if (livelockFile != null) {
            Livelock.armOn(livelockFile);
        }
        Config conf = new Config();
        conf.putAll(ReporterSettings.forGraphite(metrics, sampleRate));
        conf.putAll(waitStrategy.topologySettings());
        ExampleQuery topologies = ExampleQuery.of(query);
        conf.putAll(topologies.topologySettings());
        conf.setNumWorkers(workers);
        Path inputFile = query.readsInput() && input == null ? generateInput() : input;
        LOG.info("Submitting {} as '{}' at {} tuples/s, heavy cost {} µs, {} worker(s), {} wait strategy, metrics to {}",
                query.label(), topologyName, rate, heavyCostMicros, workers, waitStrategy.label(), metrics);
        StormSubmitter.submitTopology(topologyName, conf, topologies.build(new QueryInputs(rate, heavyCostMicros, inputFile, kafka, topic,
                shapeSeed)));
        if (submitOnly) {
            printReady();
            return 0;
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(readyTimeoutSeconds).toNanos();
        while (LatencySink.completedInThisJvm() == 0) {
            if (System.nanoTime() > deadline) {
                spec.commandLine().getErr().println("no tuple reached the sink of '" + topologyName + "' within "
                        + readyTimeoutSeconds + " s");
                return 1;
            }
            Thread.sleep(POLL.toMillis());
        }
        if (churnThreadsPerSecond > 0) {
            ThreadChurn.start(churnThreadsPerSecond);
        }
        PrintWriter out = printReady();
        if (sinkReports) {
            SinkReportPrinter.start(out);
        }
        return 0;
    }

    private PrintWriter printReady() {
        PrintWriter out = spec.commandLine().getOut();
        out.println(StormQuerySpec.READY + " " + ProcessHandle.current().pid() + " " + topologyName);
        out.flush();
        return out;
    }

    /** A temporary file of rate × {@code --input-seconds} standard SenML records, deleted on exit. */
    private Path generateInput() throws IOException {
        long records = Math.max(1, (long) Math.ceil(rate * inputSeconds));
        Path file = Files.createTempFile("lachesis-" + query.label() + "-", ".senml");
        file.toFile().deleteOnExit();
        GenerateSenml.write(file, records, SenmlRecordGenerator.STANDARD_SEED);
        LOG.info("Wrote {} input records ({} s at {} records/s) to {}", records, inputSeconds, rate, file);
        return file;
    }

    private static void watchParent(InputStream stdin) {
        Thread watcher = new Thread(() -> {
            try {
                while (stdin.read() >= 0) {
                    // the launcher never writes; anything read is ignored
                }
            } catch (IOException e) {
                LOG.debug("Standard input failed", e);
            }
            LOG.info("The launching process is gone; exiting");
            System.exit(0);
        }, "lachesis-parent-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Reads {@code --query}. */
    static final class QueryConverter implements CommandLine.ITypeConverter<StormQuery> {
        @Override
        public StormQuery convert(String value) {
            return StormQuery.named(value);
        }
    }

    /** Reads {@code HOST:PORT}. */
    static final class HostPortConverter implements CommandLine.ITypeConverter<HostPort> {
        @Override
        public HostPort convert(String value) {
            return HostPort.parse(value);
        }
    }

    /** Reads {@code park} or {@code progressive}. */
    static final class WaitStrategyConverter implements CommandLine.ITypeConverter<WaitStrategy> {
        @Override
        public WaitStrategy convert(String value) {
            return WaitStrategy.named(value);
        }
    }
}
