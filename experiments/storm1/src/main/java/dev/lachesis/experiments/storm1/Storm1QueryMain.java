package dev.lachesis.experiments.storm1;

import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.etl.SenmlRecordGenerator;
import dev.lachesis.experiments.launch.Storm1Query;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.measure.SinkReportPrinter;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.process.Livelock;
import dev.lachesis.storm1.metrics.CarbonMetricsConsumer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The program of a Storm 1.2.3 child JVM: runs an example query in a {@code LocalCluster} with
 * Storm's built-in metrics sent every second through {@link CarbonMetricsConsumer}, as a Storm 1.x
 * user would set it up, without ackers. {@code pipeline} is source → light → heavy ×2 → sink (the
 * heavy bolt spending {@code --heavy-cost-us} of CPU per tuple); {@code etl} is RIoTBench's ETL
 * ({@link EtlTopology}) replaying {@code --input}, or a file of {@code --input-seconds} worth of
 * records written here. Prints {@value Storm1Query#READY}{@code <pid>} once tuples reach the sink,
 * then (with {@code --sink-reports}) a sink report a second, and runs until its standard input
 * closes (its parent ended or closed it) and halts.
 */
@Command(name = "storm1-query", description = "Runs an example query on a Storm 1.2.3 LocalCluster.")
public final class Storm1QueryMain implements Callable<Integer> {
    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--query", required = true, description = "pipeline, etl or stats.")
    private String query;

    @Option(names = "--name", required = true, description = "Topology name.")
    private String topologyName;

    @Option(names = "--rate", required = true, description = "Input rate, tuples (etl: records) per second.")
    private double rate;

    @Option(names = "--metrics", required = true, description = "Carbon plaintext receiver, HOST:PORT.")
    private String metrics;

    @Option(names = "--heavy-cost-us", defaultValue = "1000", description = "CPU time the heavy bolt burns per tuple, µs.")
    private long heavyCostMicros;

    @Option(names = "--input", description = "The file the etl and stats queries replay, one SenML record per line.")
    private Path input;

    @Option(names = "--input-seconds", defaultValue = "600",
            description = "Without --input, write rate × this many records for the etl and stats queries.")
    private long inputSeconds;

    @Option(names = "--sink-reports",
            description = "Once tuples flow, print a " + SinkReport.PREFIX + " line (tuples and latencies at the sink) every second.")
    private boolean sinkReports;

    @Option(names = "--livelock-file",
            description = "Once this file exists, the pipeline's bolts spin forever on their next tuple (the real-time safety net's test).")
    private Path livelockFile;

    private Storm1QueryMain() {
    }

    public static void main(String[] args) {
        int code = new CommandLine(new Storm1QueryMain()).execute(args);
        System.exit(code);
    }

    @Override
    public Integer call() throws Exception {
        HostPort carbon = HostPort.parse(metrics);
        if (livelockFile != null) {
            Livelock.armOn(livelockFile);
        }
        Config conf = new Config();
        conf.setNumWorkers(1);
        conf.setNumAckers(0);
        conf.put(Config.TOPOLOGY_BUILTIN_METRICS_BUCKET_SIZE_SECS, 1);
        Map<String, Object> consumer = new HashMap<>();
        consumer.put("carbon.host", carbon.host());
        consumer.put("carbon.port", Integer.toString(carbon.port()));
        conf.registerMetricsConsumer(CarbonMetricsConsumer.class, consumer, 1);
        StormTopology topology = topology();

        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology(topologyName, conf, topology);
        CountingSink.FIRST_TUPLE.await();
        PrintWriter out = spec.commandLine().getOut();
        out.println(Storm1Query.READY + ProcessHandle.current().pid());
        out.flush();
        if (sinkReports) {
            SinkReportPrinter.start(out);
        }
        awaitEndOfInput();
        Runtime.getRuntime().halt(0);
        return 0;
    }

    private StormTopology topology() throws IOException {
        switch (query) {
            case "pipeline":
                TopologyBuilder builder = new TopologyBuilder();
                builder.setSpout("source", new PacedSpout(rate), 1);
                builder.setBolt("light", new BusyBolt(1), 1).shuffleGrouping("source");
                builder.setBolt("heavy", new BusyBolt(heavyCostMicros), 2).shuffleGrouping("light");
                builder.setBolt("sink", new CountingSink(), 1).shuffleGrouping("heavy");
                return builder.createTopology();
            case "etl":
                return EtlTopology.build(input != null ? input : generateInput(), rate);
            case "stats":
                return StatsTopology.build(input != null ? input : generateInput(), rate);
            default:
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--query was '" + query + "' but must be pipeline, etl or stats");
        }
    }

    /** A temporary file of rate × {@code --input-seconds} standard SenML records, deleted on exit. */
    private Path generateInput() throws IOException {
        long records = Math.max(1, (long) Math.ceil(rate * inputSeconds));
        Path file = Files.createTempFile("lachesis-etl-", ".senml");
        file.toFile().deleteOnExit();
        GenerateSenml.write(file, records, SenmlRecordGenerator.STANDARD_SEED);
        return file;
    }

    private static void awaitEndOfInput() throws IOException {
        while (System.in.read() >= 0) {
            // runs until the parent closes our standard input or ends
        }
    }
}
