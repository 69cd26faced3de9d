package dev.lachesis.experiments.sweep;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.RunStopped;
import dev.lachesis.experiments.shapes.RandomShape;
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
 * {@code lachesis-bench generalise}: judges scheduling modes on queries they were not designed with.
 * For every seed of {@code --shapes} it draws a {@link RandomShape} (a DAG of operators of random
 * cost, selectivity and parallelism behind a source that publishes its backlog or nothing) and runs
 * it beyond saturation, at {@code --rate-factor} times the most records a second its operators' work
 * alone would let one core take in, for every repetition each mode one after the other, as a sweep
 * of one rate does. STATIC favours the operator the shape's first OS trial measured heaviest, as a
 * user would. When OS's first trial keeps up with the rate, the shape is not beyond saturation there:
 * the rate doubles (twice at most) and the shape starts again. All shapes' figures go to one set of CSV files in {@code --out}, the query named
 * {@code random-<seed>}; {@code lachesis-bench report --in DIR --generalisation} sums them up.
 */
@Command(name = "generalise", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Runs random query shapes beyond saturation under each mode, repeated, to judge policies on queries they were not designed with.",
        description = "Needs root and two CPUs at least. Report with: lachesis-bench report --in DIR --generalisation.")
public final class GeneraliseCommand implements Callable<Integer> {
    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private TrialOptions options;

    @Option(names = "--shapes", required = true, split = ",", paramLabel = "SEED[,SEED...]",
            description = "The seeds of the shapes, e.g. 101,102,103; FIRST-LAST for a range, e.g. 101-108.")
    private List<String> shapes;

    @Option(names = "--modes", split = ",", paramLabel = "MODE[,MODE...]", defaultValue = "OS,STATIC,HEAVIEST-FIRST",
            description = "Scheduling modes, OS before STATIC (default: ${DEFAULT-VALUE}).")
    private List<String> modes;

    @Option(names = "--reps", defaultValue = "3", description = "Repetitions of every shape and mode (default: ${DEFAULT-VALUE}).")
    private int reps;

    @Option(names = "--rate-factor", defaultValue = "2",
            description = "The input rate as a multiple of the rate the shape's operators' work alone would let one core"
                    + " take in; the SPE's own cost per tuple puts saturation below it (default: ${DEFAULT-VALUE}).")
    private double rateFactor;

    /** How often a shape's rate is doubled when OS keeps up with it, before the shape is given up. */
    private static final int MAX_RAISES = 2;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where the CSV files go.")
    private Path out;

    @Option(names = "--append", description = "Add the rows to the CSV files already in --out instead of rewriting them.")
    private boolean append;

    @Override
    public Integer call() throws IOException, TimeoutException, InterruptedException {
        PrintWriter console = spec.commandLine().getOut();
        List<Long> seeds = seeds();
        List<SchedulingMode> parsedModes = modes();
        if (!(rateFactor >= 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rate-factor was " + rateFactor
                    + " but must be at least 1: below, a shape may not be beyond saturation");
        }
        SweepProgress progress = new SweepProgress(console, seeds.size() * parsedModes.size() * reps);
        List<TrialResult> results = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (int i = 0; i < seeds.size(); i++) {
            RandomShape shape = RandomShape.draw(seeds.get(i));
            double rate = Math.max(100, Math.round(rateFactor * shape.workBound() / 100) * 100.0);
            QueryLauncher launcher = options.launcher(RandomShape.NAME, shape.seed());
            TrialSettings settings = options.settings(launcher, out, "");
            console.printf(Locale.ROOT, "Shape %d of %d: %s%n  at %.0f t/s (its operators' work alone: %.0f t/s on one"
                    + " core)%n", i + 1, seeds.size(), shape, rate, shape.workBound());
            console.flush();
            try (TrialSession session = TrialSession.open("generalise", console, spec.commandLine().getErr(), launcher,
                    settings, append || i > 0)) {
                ShapeOutcome outcome = ShapeOutcome.BEYOND_SATURATION;
                for (int raised = 0; raised <= MAX_RAISES; raised++) {
                    outcome = runShape(session, shape.label(), rate, parsedModes, progress, results, console);
                    if (outcome != ShapeOutcome.OS_KEPT_UP) {
                        break;
                    }
                    rate *= 2;
                    console.printf(Locale.ROOT, "  OS kept up, so the shape is not beyond saturation there; again at"
                            + " %.0f t/s%n", rate);
                    console.flush();
                }
                switch (outcome) {
                    case STOPPED -> {
                        console.println("Stopped; the figures so far are in " + out);
                        return 1;
                    }
                    case FAILED, OS_KEPT_UP -> skipped.add(shape.label());
                    case BEYOND_SATURATION -> {
                    }
                }
            }
        }
        long troubled = results.stream().filter(r -> !r.problems().isEmpty()).count();
        console.printf("%d trials; %d not steady; %d left something changed after the daemon stopped; shapes left out"
                + " (a failed trial, or OS kept up at every rate tried): %s%n", results.size(), results.stream().filter(r -> !r.steady()).count(), troubled,
                skipped.isEmpty() ? "none" : String.join(", ", skipped));
        console.println("Report: bin/lachesis-bench report --in " + out + " --generalisation");
        console.flush();
        return troubled == 0 && skipped.isEmpty() ? 0 : 1;
    }

    /** How one shape's trials at one rate ended. */
    private enum ShapeOutcome { BEYOND_SATURATION, OS_KEPT_UP, FAILED, STOPPED }

    /**
     * Runs the shape's plan at {@code rate}, every mode each repetition. The first trial is OS's: when
     * the kernel alone keeps up with the rate ({@link KeepUpRule}, counted at the source), the shape is
     * not beyond saturation there and the rest of the plan would measure nothing, so it stops early.
     */
    private ShapeOutcome runShape(TrialSession session, String label, double rate, List<SchedulingMode> parsedModes,
                                  SweepProgress progress, List<TrialResult> results, PrintWriter console)
            throws InterruptedException {
        boolean first = true;
        for (Trial t : Trial.plan(List.of(rate), parsedModes, reps)) {
            progress.starting(t);
            TrialResult result;
            try {
                result = session.run(t);
            } catch (RunStopped e) {
                return ShapeOutcome.STOPPED;
            } catch (IOException | TimeoutException e) {
                console.printf("%s: a trial failed (%s); going on with the next shape%n", label, e.getMessage());
                return ShapeOutcome.FAILED;
            }
            results.add(result);
            progress.finished(result);
            if (first && t.mode() == SchedulingMode.OS) {
                KeepUpRule.Verdict verdict = KeepUpRule.judge(rate, result.sink().sourceThroughput(),
                        result.endToEndGrowth());
                console.println("        OS " + verdict.reason());
                console.flush();
                if (verdict.keepsUp()) {
                    return ShapeOutcome.OS_KEPT_UP;
                }
            }
            first = false;
        }
        return ShapeOutcome.BEYOND_SATURATION;
    }

    private List<Long> seeds() {
        List<Long> seeds = new ArrayList<>();
        try {
            for (String item : shapes) {
                int dash = item.indexOf('-', 1);
                if (dash < 0) {
                    seeds.add(Long.parseLong(item.trim()));
                } else {
                    long first = Long.parseLong(item.substring(0, dash).trim());
                    long last = Long.parseLong(item.substring(dash + 1).trim());
                    for (long seed = first; seed <= last; seed++) {
                        seeds.add(seed);
                    }
                }
            }
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--shapes was '" + String.join(",", shapes)
                    + "' but must be seeds or FIRST-LAST ranges of them: " + e.getMessage());
        }
        return seeds;
    }

    private List<SchedulingMode> modes() {
        try {
            List<SchedulingMode> parsed = modes.stream().map(SchedulingMode::named).toList();
            int staticAt = parsed.indexOf(SchedulingMode.STATIC);
            if (staticAt >= 0 && !(parsed.indexOf(SchedulingMode.OS) >= 0 && parsed.indexOf(SchedulingMode.OS) < staticAt)) {
                throw new IllegalArgumentException("--modes " + SchedulingMode.STATIC.label() + " needs OS before it:"
                        + " each shape's first OS trial measures the heaviest operator STATIC favours");
            }
            return parsed;
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
