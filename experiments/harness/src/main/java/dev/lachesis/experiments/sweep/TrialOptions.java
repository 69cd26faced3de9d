package dev.lachesis.experiments.sweep;

import dev.lachesis.core.cli.DurationConverter;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.launch.QueryLaunchers;
import dev.lachesis.experiments.launch.SynQueries;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.PlacementOptions;
import dev.lachesis.experiments.shapes.RandomShape;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options of every command that runs trials (sweep, saturation), a picocli mixin, so both run
 * their trials alike and the saturation search can repeat its own on the sweep command line it
 * suggests. Turns them into a {@link QueryLauncher} and {@link TrialSettings}; bad values become the
 * command line's one-line error.
 */
final class TrialOptions {
    private static final String DEFAULT_PERIOD = "1s";

    @Spec(Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec mixee;

    @Option(names = "--spe", required = true, description = "The SPE: storm, storm1 (Storm 1.2.3, etl and stats), flink,"
            + " or storm+flink (the query on both at once, one daemon scheduling both).")
    private String spe;

    @Option(names = "--query", defaultValue = "etl", description = "The query (default: ${DEFAULT-VALUE}); random draws its shape from --shape.")
    private String query;

    @Option(names = "--shape", defaultValue = "1", paramLabel = "SEED",
            description = "random only: the seed its shape is drawn from (default: ${DEFAULT-VALUE}); the results name the query random-SEED.")
    private long shape;

    @Option(names = "--queries", defaultValue = "1",
            description = "Flink's syn only: how many queries run at once, each at --rate / this (default: ${DEFAULT-VALUE}).")
    private int queries;

    @Option(names = "--blocking", description = "Flink's syn only: a tenth of the operators block now and then, as I/O would.")
    private boolean blocking;

    @Option(names = "--period", defaultValue = DEFAULT_PERIOD, converter = DurationConverter.class,
            description = "The scheduling period of the daemon and the observer (default: ${DEFAULT-VALUE}).")
    private Duration period;

    @Option(names = "--warm-up", defaultValue = "30s", converter = DurationConverter.class,
            description = "Time from the first tuple at the sink to the measurement (default: ${DEFAULT-VALUE}).")
    private Duration warmUp;

    @Option(names = "--max-settle", defaultValue = "0s", converter = DurationConverter.class,
            description = "After the warm-up, wait at most this long while the intake at the source still changes"
                    + " by more than " + SteadyIntake.TOLERANCE_PERCENT + "%% from one 30-s stretch to the next (or twice"
                    + " that between the two before; Storm's queues of 32768 tuples take minutes to fill beyond"
                    + " saturation); default: ${DEFAULT-VALUE}, no wait.")
    private Duration maxSettle;

    @Option(names = "--measure", defaultValue = "60s", converter = DurationConverter.class,
            description = "The measurement window of every trial; a policy is judged on windows of at least 60 s"
                    + " (default: ${DEFAULT-VALUE}).")
    private Duration measure;

    @Option(names = "--wait-strategy", defaultValue = "progressive",
            description = "Storm only: how idle executors wait, progressive (Storm's default), park (100 µs at a time) or park-<µs>us such as park-1000us (default: ${DEFAULT-VALUE}).")
    private String waitStrategy;

    @Option(names = "--graphite", paramLabel = "CARBON:HTTP",
            description = "Use the Graphite running on this machine, its carbon plaintext and render API ports "
                    + "(2003:8080 as deploy/graphite/graphite.sh sets it up), instead of the embedded store.")
    private String graphite;

    @Mixin
    private PlacementOptions placement;

    /** {@code --queries} and {@code --blocking}; a bad count is the caller's parameter error. */
    private SynQueries synQueries() {
        return new SynQueries(queries, blocking);
    }

    /** What starts the query on the SPE. */
    QueryLauncher launcher() {
        try {
            return QueryLaunchers.of(spe, query, waitStrategy, placement.readyTimeout(), shape, synQueries());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(mixee.commandLine(), e.getMessage());
        }
    }

    /** What starts {@code query} (drawn from {@code shape} when random) on the SPE these options name, timed as they say. */
    QueryLauncher launcher(String otherQuery, long otherShape) {
        try {
            return QueryLaunchers.of(spe, otherQuery, waitStrategy, placement.readyTimeout(), otherShape, SynQueries.ONE);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(mixee.commandLine(), e.getMessage());
        }
    }

    /**
     * How every trial runs, its figures going to {@code out}, or when that is null to
     * {@code experiments/results/<spe>-<query>[-<n>q[-blocking]]-<wait strategy><outSuffix>} under
     * {@code $LACHESIS_HOME}.
     */
    TrialSettings settings(QueryLauncher launcher, Path out, String outSuffix) {
        try {
            CpuList speList = placement.speCpus();
            CpuList other = placement.otherCpus();
            Path script = placement.lachesisScript();
            Path dir = out != null ? out : LachesisHome.root().resolve("experiments/results")
                    .resolve(launcher.spe() + "-" + launcher.query() + synQueries().directorySuffix()
                            + "-" + launcher.waitStrategy() + outSuffix);
            GraphitePorts graphitePorts = graphite == null ? null : GraphitePorts.parse(graphite);
            return new TrialSettings(period, warmUp, maxSettle, measure, speList, other, script, dir, graphitePorts);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(mixee.commandLine(), e.getMessage());
        }
    }

    /**
     * These options as another command takes them, so that its trials run as these did: the SPE,
     * query, timing and CPUs always (the wait strategy for Storm only, the SYN queries for SYN only), the
     * scheduling period, the other CPUs and the metric store when they were not left to their defaults.
     */
    List<String> arguments() {
        List<String> arguments = new ArrayList<>(List.of("--spe", spe, "--query", query));
        if (spe.equals("storm")) {
            arguments.addAll(List.of("--wait-strategy", waitStrategy));
        }
        if (query.equals("syn")) {
            arguments.addAll(synQueries().arguments());
        }
        if (query.equals(RandomShape.NAME)) {
            arguments.addAll(List.of("--shape", Long.toString(shape)));
        }
        if (!maxSettle.isZero()) {
            arguments.addAll(List.of("--max-settle", DurationText.format(maxSettle)));
        }
        arguments.addAll(List.of("--warm-up", DurationText.format(warmUp), "--measure",
                DurationText.format(measure), "--spe-cpus", placement.speCpusArgument()));
        if (placement.otherCpusArgument() != null) {
            arguments.addAll(List.of("--other-cpus", placement.otherCpusArgument()));
        }
        if (graphite != null) {
            arguments.addAll(List.of("--graphite", graphite));
        }
        if (!DurationText.format(period).equals(DEFAULT_PERIOD)) {
            arguments.addAll(List.of("--period", DurationText.format(period)));
        }
        return arguments;
    }
}
