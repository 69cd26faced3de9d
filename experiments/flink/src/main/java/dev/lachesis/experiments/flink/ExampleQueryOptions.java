package dev.lachesis.experiments.flink;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options of the Flink example queries, shared as a picocli mixin by the launcher
 * ({@link FlinkQueryLauncher}) and the child JVM it starts ({@link FlinkQueryCluster}), which the
 * launcher hands them on to with {@link #toArguments()}. Mutable, filled by picocli.
 */
public final class ExampleQueryOptions {
    /** The example queries, by the name typed after {@code --query}. */
    public enum Query {
        /** {@link ExampleQuery}: source, light, heavy (×N), latency sink. */
        PIPELINE,
        /** {@link dev.lachesis.experiments.flink.etl.EtlJob}: RIoTBench's ETL, ten operators, replaying an input file. */
        ETL,
        /** {@link dev.lachesis.experiments.flink.stats.StatsJob}: RIoTBench's STATS, ten operators, replaying ETL's input. */
        STATS,
        /** {@link dev.lachesis.experiments.flink.shapes.FanoutJob}: a split into three uneven branches, replaying ETL's input. */
        FANOUT,
        /** {@link dev.lachesis.experiments.flink.shapes.ChainJob}: a source that publishes nothing before a long uneven chain. */
        CHAIN,
        /** {@link dev.lachesis.experiments.flink.shapes.RandomShapeJob}: a shape drawn from {@code --shape}. */
        RANDOM,
        /** {@link dev.lachesis.experiments.flink.shapes.SynJob}: the 2021 paper's synthetic pipelines, {@code --queries} jobs at once. */
        SYN,
        /** {@link dev.lachesis.experiments.flink.lr.LrJob}: Linear Road, nine operators, reading position reports from Kafka ({@code --kafka}). */
        LR;

        /** The name users type, in lower case. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether the query replays a file of SenML records ({@code --input}). */
        boolean readsInput() {
            return this == ETL || this == STATS || this == FANOUT;
        }

        static Query named(String name) {
            for (Query query : values()) {
                if (query.label().equals(name)) {
                    return query;
                }
            }
            throw new CommandLine.TypeConversionException("no example query is called '" + name + "' (known: "
                    + Arrays.stream(values()).map(Query::label).collect(Collectors.joining(", ")) + ")");
        }
    }

    @Option(names = "--query", defaultValue = "pipeline", converter = QueryConverter.class,
            description = "Example query: pipeline, etl, stats, fanout, chain, random, syn or lr (default ${DEFAULT-VALUE}).")
    Query query;

    @Option(names = "--rest-port", defaultValue = "8081", description = "REST port on 127.0.0.1 (default ${DEFAULT-VALUE}).")
    int restPort;

    @Option(names = "--rate", defaultValue = "2000",
            description = "Records per second from the source, for syn from all sources together (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--shape", defaultValue = "1",
            description = "random: the seed the query's shape is drawn from (default ${DEFAULT-VALUE}).")
    long shape;

    @Option(names = "--queries", defaultValue = "1",
            description = "syn: how many queries (jobs) run at once, each at --rate / this (default ${DEFAULT-VALUE}).")
    int queries;

    @Option(names = "--blocking", description = "syn: a tenth of the operators block now and then, as I/O would.")
    boolean blocking;

    @Option(names = "--input", description = "The file the etl, stats and fanout queries replay, one SenML record per line "
            + "(dev.lachesis.experiments.etl.GenerateSenml writes one); default: one the cluster writes at start.")
    Path input;

    @Option(names = "--kafka", description = "lr: the Kafka cluster the position reports are read from, host:port.")
    String kafka;

    @Option(names = "--topic", defaultValue = "position-reports",
            description = "lr: the topic of stamped position reports (default ${DEFAULT-VALUE}).")
    String topic;

    @Option(names = "--input-seconds", defaultValue = "600",
            description = "Without --input, the etl, stats and fanout queries' input holds rate × this many records (default ${DEFAULT-VALUE}).")
    long inputSeconds;

    @Option(names = "--heavy-cost-us", defaultValue = "400",
            description = "pipeline: CPU microseconds the heavy map burns per record (default ${DEFAULT-VALUE}).")
    long heavyCostMicros;

    @Option(names = "--heavy-parallelism", defaultValue = "2",
            description = "pipeline: subtasks of the heavy map (default ${DEFAULT-VALUE}).")
    int heavyParallelism;

    @Option(names = "--buffer-timeout-ms", defaultValue = "100",
            description = "How long a network buffer may wait to fill before its OutputFlusher sends it, ms: Flink's "
                    + "execution.buffer-timeout (default ${DEFAULT-VALUE}, Flink's own); at low rates each edge adds up to this much latency.")
    long bufferTimeoutMillis;

    @Option(names = "--graphite", description = "Carbon plaintext endpoint host:port for Flink's Graphite reporter, e.g. 127.0.0.1:2003; none by default.")
    String graphite;

    @Option(names = "--default-scopes", description = "Keep Flink's default metric scopes (names, not ids).")
    boolean defaultScopes;

    @Option(names = "--resubmit-on-cancel", description = "Submit the query again as a new job when it is cancelled.")
    boolean resubmitOnCancel;

    @Option(names = "--sink-reports",
            description = "etl, stats, fanout, chain, random, syn, lr: once the job runs, print a SINK line (records and latencies at the sink) every second.")
    boolean sinkReports;

    /**
     * Checks the options that depend on each other.
     *
     * @throws CommandLine.ParameterException naming the option that does not fit
     */
    void validate(CommandLine commandLine) {
        if (sinkReports && query == Query.PIPELINE) {
            throw new CommandLine.ParameterException(commandLine, "--sink-reports needs --query etl, stats, fanout, chain, random, syn or lr; the "
                    + query.label() + " query publishes its latency as Flink gauges instead");
        }
        if (input != null && !query.readsInput()) {
            throw new CommandLine.ParameterException(commandLine, "--input needs --query etl, stats or fanout; the "
                    + query.label() + " query generates its records");
        }
        if (input != null && !Files.isReadable(input)) {
            throw new CommandLine.ParameterException(commandLine, "--input '" + input + "' is not a readable file");
        }
        if ((query == Query.LR) != (kafka != null)) {
            throw new CommandLine.ParameterException(commandLine, query == Query.LR
                    ? "--query lr needs --kafka host:port, the cluster its position reports are read from"
                    : "--kafka needs --query lr; the " + query.label() + " query reads no Kafka topic");
        }
        if (query != Query.SYN && (queries != 1 || blocking)) {
            throw new CommandLine.ParameterException(commandLine, "--queries and --blocking need --query syn; the "
                    + query.label() + " query runs one job of its own shape");
        }
        if (queries < 1) {
            throw new CommandLine.ParameterException(commandLine, "--queries was " + queries + " but must be 1 or more");
        }
        if (query == Query.SYN && resubmitOnCancel) {
            throw new CommandLine.ParameterException(commandLine, "--resubmit-on-cancel needs a query of one job; "
                    + "syn runs one job per query");
        }
        if (bufferTimeoutMillis < 0) {
            throw new CommandLine.ParameterException(commandLine, "--buffer-timeout-ms was " + bufferTimeoutMillis
                    + " but must be 0 (flush every record) or more");
        }
        if (!(rate > 0)) {
            throw new CommandLine.ParameterException(commandLine, "--rate was " + rate + " but must be positive");
        }
    }

    /** These options as command-line arguments, for the child JVM. */
    List<String> toArguments() {
        List<String> args = new ArrayList<>(List.of("--query", query.label(), "--rest-port", Integer.toString(restPort),
                "--rate", Double.toString(rate), "--heavy-cost-us", Long.toString(heavyCostMicros),
                "--heavy-parallelism", Integer.toString(heavyParallelism), "--input-seconds", Long.toString(inputSeconds),
                "--buffer-timeout-ms", Long.toString(bufferTimeoutMillis), "--queries", Integer.toString(queries),
                "--shape", Long.toString(shape)));
        if (input != null) {
            args.add("--input");
            args.add(input.toAbsolutePath().toString());
        }
        if (kafka != null) {
            args.addAll(List.of("--kafka", kafka, "--topic", topic));
        }
        if (graphite != null) {
            args.add("--graphite");
            args.add(graphite);
        }
        if (defaultScopes) {
            args.add("--default-scopes");
        }
        if (resubmitOnCancel) {
            args.add("--resubmit-on-cancel");
        }
        if (sinkReports) {
            args.add("--sink-reports");
        }
        if (blocking) {
            args.add("--blocking");
        }
        return args;
    }

    /** Reads {@code --query}. */
    static final class QueryConverter implements CommandLine.ITypeConverter<Query> {
        @Override
        public Query convert(String value) {
            return Query.named(value);
        }
    }
}
