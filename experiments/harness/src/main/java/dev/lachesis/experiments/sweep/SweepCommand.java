package dev.lachesis.experiments.sweep;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.RunStopped;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Runs a query at several input rates under each scheduling mode, repeated, and records the paper's metrics.",
        description = "Needs root (nice below 0, real-time priorities, cgroups) and two CPUs at least. Writes "
                + MeasurementFiles.MEASUREMENTS + " and " + MeasurementFiles.OPERATORS + " into --out. "
                + "Find the rates with lachesis-bench saturation first.")
public final class SweepCommand implements Callable<Integer> {
    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private TrialOptions options;

    @Option(names = "--rates", required = true, split = ",", paramLabel = "RATE[,RATE...]",
            description = "Input rates in tuples per second, e.g. 4000,6000,8000,10000,12000.")
    private List<Double> rates;

    @Option(names = "--modes", split = ",", paramLabel = "MODE[,MODE...]",
            defaultValue = "OS,LACHESIS,LACHESIS-MOD,LACHESIS-MOD-RT,RANDOM",
            description = "Scheduling modes (default: ${DEFAULT-VALUE}).")
    private List<String> modes;

    @Option(names = "--reps", defaultValue = "3", description = "Repetitions of every rate and mode (default: ${DEFAULT-VALUE}).")
    private int reps;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the CSV files go (default: experiments/results/<spe>-<query>-<wait strategy>).")
    private Path out;

    @Option(names = "--append", description = "Add the rows to the CSV files already in --out instead of rewriting "
            + "them, the repetitions numbered after the highest one there (e.g. another mode, or more repetitions, "
            + "run later).")
    private boolean append;

    @Override
    public Integer call() throws IOException, TimeoutException, InterruptedException {
        PrintWriter console = spec.commandLine().getOut();
        QueryLauncher launcher = options.launcher();
        SweepSettings settings = settings(launcher);
        TrialSettings trial = settings.trials();
        int firstRep = append ? MeasurementFiles.highestRep(trial.out()) + 1 : 1;
        List<Trial> trials = Trial.plan(settings.rates(), settings.modes(), settings.reps(), firstRep);
        Duration perTrial = trial.warmUp().plus(trial.measure());
        console.printf(Locale.ROOT, "Sweep: %s on %s (%s), %d rates x %d modes x %d reps = %d trials of %d s + start-up each;"
                        + " SPE on CPU %s, store and daemons on CPU %s; results in %s%n", launcher.query(), launcher.spe(),
                launcher.waitStrategy(), settings.rates().size(), settings.modes().size(), settings.reps(), trials.size(),
                perTrial.toSeconds(), trial.speCpus(), trial.otherCpus(), trial.out());
        if (firstRep > 1) {
            console.printf("Appending to the files there, repetitions %d to %d%n", firstRep, firstRep + settings.reps() - 1);
        }
        console.flush();

        List<TrialResult> results = new ArrayList<>();
        try (TrialSession session = TrialSession.open("sweep", console, spec.commandLine().getErr(), launcher, trial,
                append)) {
            session.coverInput(settings.maxRate(), settings.maxRate());
            SweepProgress progress = new SweepProgress(console, trials.size());
            for (Trial t : trials) {
                progress.starting(t);
                TrialResult result;
                try {
                    result = session.run(t);
                } catch (RunStopped e) {
                    console.println("Stopped; the figures so far are in " + trial.out());
                    return 1;
                }
                results.add(result);
                progress.finished(result);
            }
            SweepSummary.print(console, results);
            long unsteady = results.stream().filter(r -> !r.steady()).count();
            if (unsteady > 0) {
                console.printf("%d of %d trials were not steady: the source's intake changed by more than %.0f%% between"
                        + " the halves of the window (the SPE's queues were still filling or a backlog draining);"
                        + " a longer --warm-up measures them steady%n", unsteady, results.size(),
                        100 * TrialResult.STEADY_SOURCE_CHANGE);
            }
            long troubled = results.stream().filter(r -> !r.problems().isEmpty()).count();
            if (troubled > 0) {
                console.printf("%d trials left something changed after the daemon stopped (see above)%n", troubled);
            }
            console.println("Figures: " + String.join(", ", session.figures().stream().map(Path::toString).toList()));
            console.flush();
            return troubled == 0 ? 0 : 1;
        }
    }

    private SweepSettings settings(QueryLauncher launcher) {
        try {
            List<SchedulingMode> parsedModes = modes.stream().map(SchedulingMode::named).toList();
            int staticAt = parsedModes.indexOf(SchedulingMode.STATIC);
            int osAt = parsedModes.indexOf(SchedulingMode.OS);
            if (staticAt >= 0 && launcher.handSetPriority().isEmpty() && !(osAt >= 0 && osAt < staticAt)) {
                throw new IllegalArgumentException("--modes " + SchedulingMode.STATIC.label() + " needs the heaviest"
                        + " operator of " + launcher.query() + " on " + launcher.spe() + ", which its launcher does not"
                        + " declare: put OS before it in --modes, and each repetition's OS trial measures it"
                        + " (the largest cpu_share in operators.csv), as a user would");
            }
            return new SweepSettings(rates, parsedModes, reps, options.settings(launcher, out, ""));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
