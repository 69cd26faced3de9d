package dev.lachesis.experiments.sweep;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The lines a long run of trials (a sweep, a saturation search) prints on the terminal: which trial
 * starts (rate, mode, repetition), how long the run has gone on and, when the number of trials is
 * known, how long it will still take at the pace so far, and what each trial measured. Not
 * thread-safe; the command's thread uses it.
 */
final class SweepProgress {
    private final PrintWriter out;
    /** How many trials the run has; 0 when that is not known in advance. */
    private final int total;
    private final long startNanos = System.nanoTime();
    private int done;

    /** Progress of a run of {@code total} trials. */
    SweepProgress(PrintWriter out, int total) {
        this.out = out;
        this.total = total;
    }

    /** Progress of a run that decides trial by trial whether another follows: no total, no time left. */
    SweepProgress(PrintWriter out) {
        this(out, 0);
    }

    void starting(Trial trial) {
        long elapsed = (System.nanoTime() - startNanos) / 1_000_000_000L;
        if (total == 0) {
            out.printf(Locale.ROOT, "[%d] %s t/s, %s, rep %d  (%s elapsed)%n", done + 1,
                    MeasurementFiles.number(trial.rate()), trial.mode().label(), trial.rep(), clock(elapsed));
        } else {
            String left = done == 0 ? "time left known after the first trial"
                    : "about " + clock(elapsed * (total - done) / done) + " left";
            out.printf(Locale.ROOT, "[%d/%d] %s t/s, %s, rep %d  (%s elapsed, %s)%n", done + 1, total,
                    MeasurementFiles.number(trial.rate()), trial.mode().label(), trial.rep(), clock(elapsed), left);
        }
        out.flush();
    }

    void finished(TrialResult r) {
        done++;
        out.printf(Locale.ROOT, "        throughput %.0f t/s (source %s t/s%s), latency p50 %s ms, e2e p50 %s ms%s, goal %s,"
                        + " SPE %s%s%n",
                r.sink().throughput(), rate(r.sink().sourceThroughput()), steadiness(r),
                ms(r.sink().latency().quantileMicros(0.5)),
                ms(r.sink().endToEnd().quantileMicros(0.5)), growth(r.endToEndGrowth()), MeasurementFiles.number(r.goalCv()),
                Double.isNaN(r.speCpuShare()) ? "-" : String.format(Locale.ROOT, "%.0f%% of a core", 100 * r.speCpuShare()),
                Double.isNaN(r.daemonCpuShare()) ? "" : String.format(Locale.ROOT,
                        ", daemon %.2f%% of a core, round p50 %s ms", 100 * r.daemonCpuShare(),
                        MeasurementFiles.number(r.roundP50Ms())));
        r.problems().forEach(p -> out.println("        NOT RESTORED: " + p));
        out.flush();
    }

    /** {@code (+30 ms/s)}: how fast the end-to-end latency rose over the window, blank when unknown. */
    private static String growth(double secondsPerSecond) {
        return Double.isNaN(secondsPerSecond) ? "" : String.format(Locale.ROOT, " (%+.0f ms/s)", 1000 * secondsPerSecond);
    }

    /** {@code , -31% in the second half: not steady} when the source's intake changed that much; else blank. */
    private static String steadiness(TrialResult r) {
        return r.steady() ? "" : String.format(Locale.ROOT, ", %+.0f%% in the second half: not steady",
                100 * r.sourceHalfChange());
    }

    private static String rate(double perSecond) {
        return Double.isNaN(perSecond) ? "-" : String.format(Locale.ROOT, "%.0f", perSecond);
    }

    private static String ms(double micros) {
        return Double.isNaN(micros) ? "-" : String.format(Locale.ROOT, "%.1f", micros / 1000);
    }

    static String clock(long seconds) {
        return seconds >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, seconds % 3600 / 60)
                : String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
    }
}
