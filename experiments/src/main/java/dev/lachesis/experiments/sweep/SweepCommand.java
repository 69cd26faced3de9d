package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.demo.DemoCommand;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.DurationConverter;
import dev.lachesis.experiments.run.RunStopped;
import dev.lachesis.experiments.run.EmbeddedStore;
import dev.lachesis.experiments.run.QueryInput;
import dev.lachesis.experiments.run.SchedulingMode;
import dev.lachesis.experiments.storm.ExampleQuery;
import dev.lachesis.experiments.storm.WaitStrategy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis-bench sweep}: the 2023 paper's comparison on this machine. For every repetition,
 * input rate and scheduling mode it runs a trial ({@link TrialRunner}) with the SPE confined to
 * {@code --spe-cpus} and everything else (metric store, daemons, this harness) on the other CPUs,
 * appends the figures to CSV files as each trial ends, prints progress with the time left, and at
 * the end prints the mean of every rate and mode. Ctrl-C stops the running trial and restores
 * every thread.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        header = "Runs a query at several input rates under each scheduling mode, repeated, and records the paper's metrics.",
        description = "Needs root (nice below 0, real-time priorities, cgroups) and two CPUs at least. Writes "
                + MeasurementFiles.MEASUREMENTS + " and " + MeasurementFiles.OPERATORS + " into --out.")
public final class SweepCommand implements Callable<Integer> {
    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--spe", required = true, description = "The SPE: storm or flink.")
    private String spe;

    @Option(names = "--query", defaultValue = "etl", description = "The query (default: ${DEFAULT-VALUE}).")
    private String query;

    @Option(names = "--rates", required = true, split = ",", paramLabel = "RATE[,RATE...]",
            description = "Input rates in tuples per second, e.g. 4000,6000,8000,10000,12000.")
    private List<Double> rates;

    @Option(names = "--modes", split = ",", paramLabel = "MODE[,MODE...]",
            defaultValue = "OS,LACHESIS,LACHESIS-MOD,LACHESIS-MOD-RT,RANDOM",
            description = "Scheduling modes (default: ${DEFAULT-VALUE}).")
    private List<String> modes;

    @Option(names = "--reps", defaultValue = "3", description = "Repetitions of every rate and mode (default: ${DEFAULT-VALUE}).")
    private int reps;

    @Option(names = "--period", defaultValue = "1s", converter = DurationConverter.class,
            description = "The daemon's scheduling period (default: ${DEFAULT-VALUE}).")
    private Duration period;

    @Option(names = "--warm-up", defaultValue = "30s", converter = DurationConverter.class,
            description = "Time from the first tuple at the sink to the measurement (default: ${DEFAULT-VALUE}).")
    private Duration warmUp;

    @Option(names = "--measure", defaultValue = "30s", converter = DurationConverter.class,
            description = "The measurement window of every trial (default: ${DEFAULT-VALUE}).")
    private Duration measure;

    @Option(names = "--wait-strategy", defaultValue = "progressive",
            description = "Storm only: how idle executors wait, progressive (Storm's default) or park (default: ${DEFAULT-VALUE}).")
    private String waitStrategy;

    @Option(names = "--spe-cpus", defaultValue = "0", paramLabel = "LIST",
            description = "CPUs of the SPE, as taskset -c takes them (default: ${DEFAULT-VALUE}).")
    private String speCpus;

    @Option(names = "--other-cpus", paramLabel = "LIST",
            description = "CPUs of the store, the daemons and the harness (default: every other online CPU).")
    private String otherCpus;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the CSV files go (default: experiments/results/<spe>-<query>-<wait strategy>).")
    private Path out;

    @Option(names = "--lachesis", paramLabel = "FILE",
            description = "bin/lachesis, which runs the store and the daemons (default: $" + DemoCommand.HOME + "/bin/lachesis).")
    private Path lachesis;

    @Option(names = "--ready-timeout", defaultValue = "180s", converter = DurationConverter.class,
            description = "How long the SPE may take until tuples reach the sink (default: ${DEFAULT-VALUE}).")
    private Duration readyTimeout;

    @Override
    public Integer call() throws IOException, TimeoutException, InterruptedException {
        PrintWriter console = spec.commandLine().getOut();
        QueryLauncher launcher = launcher();
        SweepSettings settings = settings(launcher);
        pinSelf(settings.otherCpus());
        List<Trial> trials = Trial.plan(settings.rates(), settings.modes(), settings.reps());
        Duration perTrial = settings.warmUp().plus(settings.measure());
        console.printf(Locale.ROOT, "Sweep: %s on %s (%s), %d rates x %d modes x %d reps = %d trials of %d s + start-up each;"
                        + " SPE on CPU %s, store and daemons on CPU %s; results in %s%n", launcher.query(), launcher.spe(),
                launcher.waitStrategy(), settings.rates().size(), settings.modes().size(), settings.reps(), trials.size(),
                perTrial.toSeconds(), settings.speCpus(), settings.otherCpus(), settings.out());
        console.flush();

        Path work = Files.createTempDirectory("lachesis-sweep-");
        try {
            return sweep(console, launcher, settings, trials, work);
        } finally {
            deleteUnlessJournalLeft(work);
        }
    }

    private int sweep(PrintWriter console, QueryLauncher launcher, SweepSettings settings, List<Trial> trials, Path work)
            throws IOException, TimeoutException, InterruptedException {
        Path input = null;
        if (launcher.readsInput()) {
            long records = QueryInput.records(settings.rates().stream().mapToDouble(Double::doubleValue).max()
                    .orElseThrow(), settings.warmUp(), settings.measure());
            console.printf("Writing the input: %d seeded SenML records (generator in its own JVM) ...%n", records);
            console.flush();
            input = QueryInput.generate(work.resolve("input.senml"), records);
        }
        List<TrialResult> results = new ArrayList<>();
        try (EmbeddedStore store = EmbeddedStore.start(settings.lachesisOnOtherCpus());
             MeasurementFiles files = new MeasurementFiles(settings.out(), launcher.spe(), launcher.query(),
                     launcher.waitStrategy());
             TrialRunner runner = new TrialRunner(settings, launcher, store, work, input)) {
            Thread hook = new Thread(runner::close, "lachesis-sweep-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            SweepProgress progress = new SweepProgress(console, trials.size());
            for (Trial trial : trials) {
                progress.starting(trial);
                TrialResult result;
                try {
                    result = runner.run(trial);
                } catch (RunStopped e) {
                    console.println("Stopped; the figures so far are in " + settings.out());
                    return 1;
                }
                files.add(result);
                results.add(result);
                progress.finished(result);
            }
            removeHook(hook);
        }
        SweepSummary.print(console, results);
        long troubled = results.stream().filter(r -> !r.problems().isEmpty()).count();
        if (troubled > 0) {
            console.printf("%d trials left something changed after the daemon stopped (see above)%n", troubled);
        }
        console.println("Figures: " + settings.out().resolve(MeasurementFiles.MEASUREMENTS) + ", "
                + settings.out().resolve(MeasurementFiles.OPERATORS));
        console.flush();
        return troubled == 0 ? 0 : 1;
    }

    /** Deletes the sweep's files (input, policy files) unless the daemon left a journal to restore from. */
    private void deleteUnlessJournalLeft(Path work) throws IOException {
        try (var files = Files.list(work)) {
            List<Path> all = files.toList();
            if (all.stream().anyMatch(f -> f.getFileName().toString().endsWith("journal.json"))) {
                spec.commandLine().getErr().println("lachesis-bench sweep: a journal is left in " + work
                        + "; undo with: bin/lachesis restore --journal " + work.resolve("journal.json"));
                return;
            }
            for (Path f : all) {
                Files.delete(f);
            }
        }
        Files.delete(work);
    }

    private QueryLauncher launcher() {
        try {
            return switch (spe) {
                case "storm" -> new StormLauncher(ExampleQuery.named(query), WaitStrategy.named(waitStrategy), readyTimeout);
                case "flink" -> new FlinkLauncher(home().resolve("bin/lachesis-bench-flink"), query, readyTimeout);
                default -> throw new IllegalArgumentException("--spe was '" + spe + "' but must be storm or flink");
            };
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private SweepSettings settings(QueryLauncher launcher) {
        try {
            List<SchedulingMode> parsedModes = modes.stream().map(SchedulingMode::named).toList();
            CpuList speList = CpuList.parse(speCpus);
            CpuList other = otherCpus != null ? CpuList.parse(otherCpus) : CpuList.online().minus(speList).orElseThrow(() ->
                    new IllegalArgumentException("this machine has no CPU besides --spe-cpus " + speList
                            + " for the store and the daemons; a sweep needs two"));
            Path script = lachesis != null ? lachesis : home().resolve("bin/lachesis");
            if (!Files.isExecutable(script)) {
                throw new IllegalArgumentException("--lachesis " + script + " is not an executable file");
            }
            Path dir = out != null ? out : home().resolve("experiments/results")
                    .resolve(launcher.spe() + "-" + launcher.query() + "-" + launcher.waitStrategy());
            return new SweepSettings(rates, parsedModes, reps, period, warmUp, measure, speList, other, script, dir);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static Path home() {
        String home = System.getenv(DemoCommand.HOME);
        if (home == null || home.isBlank()) {
            throw new IllegalArgumentException("$" + DemoCommand.HOME + " does not say where bin/lachesis is; "
                    + "run through bin/lachesis-bench or pass --lachesis");
        }
        return Path.of(home);
    }

    /** Moves every thread of this JVM to the other CPUs, so the harness never competes with the SPE. */
    private void pinSelf(CpuList cpus) throws IOException, InterruptedException {
        if (!cpus.confine(ProcessHandle.current().pid())) {
            spec.commandLine().getErr().println("lachesis-bench sweep: could not move the harness to CPU " + cpus
                    + " (taskset failed); continuing");
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running and stops the trial itself.
        }
    }
}
