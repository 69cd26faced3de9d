package dev.lachesis.experiments;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.experiments.launch.FlinkQuery;
import dev.lachesis.experiments.launch.SpeBuild;
import dev.lachesis.experiments.launch.Storm1Query;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.run.LinearRoadFeed;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine;

/**
 * {@code lachesis-bench query}: starts an example query in a child JVM with its SPE's class path and
 * runs until stopped; SIGTERM or SIGINT stops the child too. On Storm (2.8, or 1.2.3 with
 * {@code --spe storm1}, the pipeline, etl and stats queries) the query runs in a {@code LocalCluster}, the way
 * {@code storm local} runs a topology, and the child's PID is printed on standard output once tuples
 * reach the sink. On Flink the query runs on a MiniCluster through
 * experiments/flink's launcher, whose lines ({@code flink pid=<pid> rest-port=<port> job=<id>}, the
 * sink reports) go to standard output, and whose own options ({@code --rest-port},
 * {@code --sink-reports}, ...) may follow. Linear Road ({@code --query lr}) reads position reports
 * from a {@link LinearRoadFeed} this command starts at {@code --rate} and stops after the query.
 */
@Command(name = "query", header = "Runs an example query on a local SPE until stopped.",
        mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class)
public final class QueryCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec command;

    /** How long the Flink launcher may take to stop its cluster and delete the cluster's files. */
    private static final Duration FLINK_STOP_GRACE = Duration.ofSeconds(30);

    @Option(names = "--spe", required = true, description = "The SPE: storm, storm1 (Storm 1.2.3) or flink.")
    private String spe;

    @Option(names = "--query", required = true, description = "Example query: pipeline, etl, stats, fanout, chain, random (a shape drawn from --shape), lr (Linear "
            + "Road, fed at --rate through a Kafka broker started here), or on Flink syn (with --queries N and --blocking).")
    private String query;

    @Option(names = "--shape", defaultValue = "1", paramLabel = "SEED",
            description = "random: the seed its shape (operators, costs, selectivities, DAG) is drawn from (default: ${DEFAULT-VALUE}).")
    private long shape;

    @Option(names = "--rate", required = true, description = "Input rate in tuples per second.")
    private double rate;

    @Option(names = "--metrics", required = true,
            description = "Graphite plaintext receiver the SPE reports to, HOST:PORT.")
    private String metrics;

    @Option(names = "--wait-strategy", defaultValue = "progressive",
            description = "How idle executors wait: park (100 µs at a time), park-<µs>us such as park-1000us, or progressive (Storm's default, spins first).")
    private String waitStrategy;

    @Option(names = "--heavy-cost-us", defaultValue = "1000", description = "CPU time the heavy operator burns per tuple, in µs.")
    private long heavyCostMicros;

    @Option(names = "--workers", defaultValue = "1",
            description = "Storm workers (slots); with more than one, tuples cross the worker transfer queues.")
    private int workers;

    @Option(names = "--sample-rate", defaultValue = "1.0",
            description = "topology.stats.sample.rate: the share of tuples Storm's counters sample (Storm's default 0.05).")
    private double sampleRate;

    @Option(names = "--name", description = "Topology name (default: lachesis-<query>).")
    private String name;

    @Option(names = "--heap", defaultValue = "512m", description = "Maximum heap of the SPE's JVM.")
    private String heap;

    @Option(names = "--input", description = "The file the etl, stats and fanout queries replay, one SenML record per line "
            + "(dev.lachesis.experiments.etl.GenerateSenml writes one); default: 600 s worth, written by the SPE's JVM.")
    private Path input;

    @Option(names = "--ready-timeout", defaultValue = "180", description = "Seconds to wait for the first tuple at the sink.")
    private long readyTimeoutSeconds;

    @Unmatched
    private List<String> flinkOptions = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter err = command.commandLine().getErr();
        if (input != null && !Files.isReadable(input)) {
            throw new CommandLine.ParameterException(command.commandLine(), "--input '" + input + "' is not a readable file");
        }
        if (spe.equals("flink")) {
            return runOnFlink();
        }
        if (!spe.equals("storm") && !spe.equals("storm1")) {
            throw new CommandLine.ParameterException(command.commandLine(),
                    "--spe was '" + spe + "' but must be storm, storm1 or flink");
        }
        if (!flinkOptions.isEmpty()) {
            throw new CommandLine.UnmatchedArgumentException(command.commandLine(), flinkOptions);
        }
        if (spe.equals("storm1")) {
            return runOnStorm1();
        }
        StormQuery example = parse(() -> StormQuery.named(query));
        HostPort graphite = parse(() -> HostPort.parse(metrics));
        WaitStrategy strategy = parse(() -> WaitStrategy.named(waitStrategy));
        String topology = name != null ? name : "lachesis-" + example.label();
        StormQuerySpec spec = parse(() -> new StormQuerySpec(example, topology, rate, graphite, strategy,
                heavyCostMicros, workers, heap, readyTimeoutSeconds, sampleRate));
        List<String> moreArgs = new ArrayList<>(feedArguments());
        if (input != null) {
            moreArgs.addAll(List.of("--input", input.toAbsolutePath().toString()));
        }
        moreArgs.addAll(List.of("--shape", Long.toString(shape)));
        ChildJvm child = spec.start(List.of(), moreArgs, line -> {
            err.println(line);
            err.flush();
        });
        return untilStopped(child, topology);
    }

    /**
     * Runs the query on Storm 1.2.3 in a {@code LocalCluster} child JVM with experiments/storm1's
     * build, its metrics sent through lachesis-storm1-metrics' consumer.
     */
    private int runOnStorm1() throws IOException, InterruptedException {
        HostPort graphite = parse(() -> HostPort.parse(metrics));
        Storm1Query storm1 = parse(() -> new Storm1Query(query, name != null ? name : "lachesis-" + query, rate,
                graphite, heavyCostMicros, heap));
        List<String> moreArgs = input == null ? List.of() : List.of("--input", input.toAbsolutePath().toString());
        parse(() -> SpeBuild.storm1(LachesisHome.root()));
        PrintWriter err = command.commandLine().getErr();
        ChildJvm child = storm1.start(List.of(), moreArgs, line -> {
            err.println(line);
            err.flush();
        });
        return untilStopped(child, storm1.topologyName());
    }

    /** Prints the child's PID once tuples reach the sink and runs until it ends; SIGTERM stops it. */
    private int untilStopped(ChildJvm child, String topology) throws InterruptedException {
        PrintWriter err = command.commandLine().getErr();
        Thread stopper = new Thread(child::close, "stop-child-" + child.pid());
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            child.awaitLine(Duration.ofSeconds(readyTimeoutSeconds + 30));
        } catch (TimeoutException e) {
            child.close();
            err.println("Storm did not run '" + topology + "' within " + readyTimeoutSeconds + " s; stopped PID "
                    + child.pid());
            return 1;
        } catch (IOException e) {
            child.close();
            err.println("Storm did not start '" + topology + "': " + e.getMessage());
            return 1;
        }
        command.commandLine().getOut().println(child.pid());
        command.commandLine().getOut().flush();
        return child.waitFor();
    }

    /**
     * Runs the query through experiments/flink's launcher with this command's options in the
     * launcher's terms, and the launcher's own options after them; its lines go to standard output.
     */
    private int runOnFlink() throws IOException, InterruptedException {
        String flinkQuery = parse(() -> FlinkQuery.named(query));
        HostPort graphite = parse(() -> HostPort.parse(metrics));
        SpeBuild build = parse(() -> SpeBuild.flink(LachesisHome.root()));
        List<String> args = new ArrayList<>(List.of("--query", flinkQuery, "--rate", Double.toString(rate),
                "--graphite", graphite.toString(), "--shape", Long.toString(shape)));
        if (command.commandLine().getParseResult().hasMatchedOption("--heavy-cost-us")) {
            args.addAll(List.of("--heavy-cost-us", Long.toString(heavyCostMicros)));
        }
        if (input != null) {
            args.addAll(List.of("--input", input.toAbsolutePath().toString()));
        }
        args.addAll(feedArguments());
        args.addAll(flinkOptions);
        PrintWriter out = command.commandLine().getOut();
        ChildJvm child = ChildJvm.startWithOwnTmpdir(List.of(), build.classPath(), List.of(), FlinkQuery.LAUNCHER,
                args, FlinkQuery.READY, line -> {
                    out.println(line);
                    out.flush();
                });
        Thread stopper = new Thread(() -> child.close(FLINK_STOP_GRACE), "stop-child-" + child.pid());
        Runtime.getRuntime().addShutdownHook(stopper);
        return child.waitFor();
    }

    /** For Linear Road, starts its feed (stopped when this JVM exits) and returns the arguments that point the query at it. */
    private List<String> feedArguments() throws IOException, InterruptedException {
        if (!query.equals("lr")) {
            return List.of();
        }
        LinearRoadFeed feed = LinearRoadFeed.start(rate);
        Runtime.getRuntime().addShutdownHook(new Thread(feed::close, "stop-lr-feed"));
        return feed.queryArguments();
    }

    private <T> T parse(java.util.function.Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CommandLine.ParameterException(command.commandLine(), e.getMessage());
        }
    }
}
