package dev.lachesis.experiments.sweep;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.experiments.launch.KeepUpMeasure;
import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.RunStopped;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
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
 * {@code lachesis-bench saturation}: where on this machine the query stops keeping up under OS alone,
 * so a sweep's rates can go from below that point to well beyond it. It runs OS trials exactly as
 * the sweep does ({@link TrialSession}, {@link TrialRunner}) at the rates a {@link SaturationSearch}
 * asks for, judges each with the {@link KeepUpRule}, appends every trial to the same CSV files, and
 * ends with the saturation rate, suggested {@code --rates} ({@link SweepRates}) and the sweep's
 * command line with the same trial options. Ctrl-C stops the running trial.
 */
@Command(name = "saturation", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Finds the input rate at which a query stops keeping up under OS alone, and suggests a sweep's rates.",
        description = "Runs OS trials at rates growing by --factor from --from until the query falls behind (or "
                + "shrinking until it keeps up), then bisects between the last rate it kept up with and the first it "
                + "did not. It keeps up when at least " + (int) (100 * KeepUpRule.MIN_THROUGHPUT_SHARE + 0.5)
                + "%% of the rate reaches the sink (is taken in by the source, for a query that aggregates: stats) "
                + "and its median end-to-end latency rises by at most "
                + (int) (1000 * KeepUpRule.MAX_BACKLOG_GROWTH + 0.5) + " ms per second (a backlog growing by at most "
                + (int) (100 * KeepUpRule.MAX_BACKLOG_GROWTH + 0.5) + "%% of the rate). Needs two CPUs. "
                + "Writes every trial to " + MeasurementFiles.MEASUREMENTS + " and " + MeasurementFiles.OPERATORS
                + " into --out. Use the sweep's --warm-up and --measure: the point depends on them.")
public final class SaturationCommand implements Callable<Integer> {
    /** How many repetitions the suggested sweep runs. */
    private static final int SWEEP_REPS = 3;

    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private TrialOptions options;

    @Option(names = "--from", defaultValue = "2000", paramLabel = "RATE",
            description = "The first rate to try, tuples per second (default: ${DEFAULT-VALUE}).")
    private double from;

    @Option(names = "--factor", defaultValue = "1.25",
            description = "How much every step multiplies the rate (default: ${DEFAULT-VALUE}).")
    private double factor;

    @Option(names = "--max", defaultValue = "100000", paramLabel = "RATE",
            description = "The highest rate to try (default: ${DEFAULT-VALUE}).")
    private double max;

    @Option(names = "--min", defaultValue = "100", paramLabel = "RATE",
            description = "The lowest rate to try when --from already falls behind (default: ${DEFAULT-VALUE}).")
    private double min;

    @Option(names = "--bisections", defaultValue = "3",
            description = "Trials that narrow the last step down (default: ${DEFAULT-VALUE}).")
    private int bisections;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the CSV files go (default: experiments/results/<spe>-<query>-<wait strategy>-saturation).")
    private Path out;

    @Override
    public Integer call() throws IOException, TimeoutException, InterruptedException {
        PrintWriter console = spec.commandLine().getOut();
        SaturationSearch search = search();
        QueryLauncher launcher = options.launcher();
        TrialSettings settings = options.settings(launcher, out, "-saturation");
        String query = launcher.query() + " on " + launcher.spe() + " (" + launcher.waitStrategy() + ")";
        boolean atSource = KeepUpMeasure.of(launcher.query()) == KeepUpMeasure.SOURCE;
        console.printf(Locale.ROOT, "Saturation search: %s under OS, from %s t/s in steps of x%s (%s to %s t/s), then up "
                        + "to %d bisections; trials of %d s + start-up each; SPE on CPU %s, store and observer on CPU %s;"
                        + " trials in %s%n", query, SaturationSearch.text(from), SaturationSearch.text(factor),
                SaturationSearch.text(min), SaturationSearch.text(max), bisections,
                settings.warmUp().plus(settings.measure()).toSeconds(), settings.speCpus(), settings.otherCpus(),
                settings.out());
        console.flush();

        List<TrialResult> results = new ArrayList<>();
        try (TrialSession session = TrialSession.open("saturation", console, spec.commandLine().getErr(), launcher,
                settings, false)) {
            SweepProgress progress = new SweepProgress(console);
            SaturationSearch.Outcome outcome;
            try {
                outcome = search.run(rate -> {
                    session.coverInput(rate, Math.min(max, 2 * rate));
                    Trial trial = new Trial(rate, SchedulingMode.OS, 1);
                    progress.starting(trial);
                    TrialResult result = session.run(trial);
                    results.add(result);
                    progress.finished(result);
                    KeepUpRule.Verdict verdict = KeepUpRule.judge(rate,
                            atSource ? result.sink().sourceThroughput() : result.sink().throughput(),
                            result.endToEndGrowth());
                    console.println("        " + verdict.reason());
                    console.flush();
                    return verdict.keepsUp();
                });
            } catch (RunStopped e) {
                console.println("Stopped; the trials so far are in " + settings.out());
                return 1;
            }
            console.println();
            boolean found = report(console, query, outcome, results.size());
            long troubled = results.stream().filter(r -> !r.problems().isEmpty()).count();
            if (troubled > 0) {
                console.printf("%d trials left something changed (see above)%n", troubled);
            }
            console.println("Trials: " + String.join(", ", session.figures().stream().map(Path::toString).toList()));
            console.flush();
            return found && troubled == 0 ? 0 : 1;
        }
    }

    private SaturationSearch search() {
        try {
            return new SaturationSearch(from, factor, min, max, bisections);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Prints what the search found and, when it found the point, the sweep to run; returns whether it did. */
    private boolean report(PrintWriter console, String query, SaturationSearch.Outcome outcome, int trials) {
        if (outcome.fellBehind().isEmpty()) {
            console.printf(Locale.ROOT, "%s kept up with every rate up to --max %s t/s; raise --max to find where it "
                    + "saturates%n", query, SaturationSearch.text(max));
            return false;
        }
        if (outcome.keptUp().isEmpty()) {
            console.printf(Locale.ROOT, "%s fell behind at every rate down to --min %s t/s; see why in the trials%n",
                    query, SaturationSearch.text(min));
            return false;
        }
        double saturation = outcome.keptUp().getAsDouble();
        List<Long> rates = SweepRates.around(saturation);
        console.printf(Locale.ROOT, "Saturation: %s keeps up with %s t/s and falls behind at %s t/s (%d trials)%n", query,
                SaturationSearch.text(saturation), SaturationSearch.text(outcome.fellBehind().getAsDouble()), trials);
        console.printf(Locale.ROOT, "Rates for a sweep, %s times %s rounded to multiples of %d: %s%n",
                String.join(", ", SweepRates.MULTIPLES.stream().map(SaturationSearch::text).toList()),
                SaturationSearch.text(saturation), SweepRates.step(saturation), SweepRates.asOption(rates));
        List<String> sweep = new ArrayList<>(List.of("bin/lachesis-bench", "sweep"));
        sweep.addAll(options.arguments());
        sweep.addAll(List.of("--rates", SweepRates.asOption(rates), "--reps", Integer.toString(SWEEP_REPS)));
        console.println("  " + String.join(" ", sweep));
        return true;
    }
}
