package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.run.PhaseResult;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one trial measured, the 2023 paper's metrics (§5.1) and the daemon's own cost. Immutable.
 *
 * @param trial the rate, mode and repetition
 * @param sink throughput, latency and end-to-end latency at the sink over the measurement window
 * @param endToEndGrowth how fast the median end-to-end latency grew over the window, the share of the
 *     rate by which a backlog in front of the SPE grew (negative while one drained, NaN when unknown;
 *     see {@link dev.lachesis.experiments.run.SinkMeter#endToEndGrowth})
 * @param sourceHalfChange how much the throughput at the source changed from the window's first half
 *     to its second, as a share of the first (NaN when unknown; see
 *     {@link dev.lachesis.experiments.run.SinkMeter#sourceHalfChange})
 * @param goalCv the policy goal: the coefficient of variation of the operators' queue sizes, averaged over the window's rounds (NaN without rounds)
 * @param operators per operator, its mean queue, the mean value applied to its main thread, its CPU
 *     share and how the kernel scheduled it at the window's end
 * @param daemonCpuShare the share of one core the acting daemon used in the window (NaN when none runs)
 * @param speCpuShare the share of one core the SPE's process used in the window: below its CPUs' count
 *     beyond saturation, something else took CPU from it (on a shared machine, another process)
 * @param roundP50Ms the median time of the acting daemon's rounds (NaN when none runs)
 * @param roundP99Ms the 99th percentile of that time
 * @param rounds how many rounds the acting daemon ran in the window
 * @param daemonPeakRssMib the acting daemon's peak resident memory (NaN when none runs)
 * @param problems what was left changed after the daemon stopped, empty when everything was restored
 * @param measureFromEpochMillis when the measurement window began (the reports before it are the warm-up)
 * @param seconds every sink report of the trial up to the window's end, oldest first
 * @param roundSamples per round in the window and operator, the queue the observer saw and the queue and
 *     priority the acting daemon saw and applied; the first repetition's only (empty for the others), which
 *     is enough to draw how a run evolved
 * @param parts for queries on several SPEs at once, each SPE's query measured apart; empty on one SPE
 * @param topJumps the acting daemon's rounds in the window in which the operator it favoured most moved by
 *     {@value ScheduleSteadiness#BIG_CHANGE} levels or more ({@link ScheduleSteadiness}); 0 without a daemon
 */
record TrialResult(Trial trial, PhaseResult sink, double endToEndGrowth, double sourceHalfChange, double goalCv,
                   Map<String, OperatorStats> operators, double daemonCpuShare, double speCpuShare, double roundP50Ms,
                   double roundP99Ms, int rounds, double daemonPeakRssMib, List<String> problems,
                   long measureFromEpochMillis, List<SinkReport> seconds, List<RoundSample> roundSamples,
                   List<PartResult> parts, int topJumps) {
    /** A change of the source's throughput between the window's halves beyond which a trial was not steady. */
    static final double STEADY_SOURCE_CHANGE = 0.1;

    TrialResult {
        Objects.requireNonNull(trial, "trial");
        Objects.requireNonNull(sink, "sink");
        operators = Map.copyOf(operators);
        problems = List.copyOf(problems);
        seconds = List.copyOf(seconds);
        roundSamples = List.copyOf(roundSamples);
        parts = List.copyOf(parts);
    }

    /** A trial whose daemon's steadiness is beside the point (none ran, or a test). */
    TrialResult(Trial trial, PhaseResult sink, double endToEndGrowth, double sourceHalfChange, double goalCv,
                Map<String, OperatorStats> operators, double daemonCpuShare, double speCpuShare, double roundP50Ms,
                double roundP99Ms, int rounds, double daemonPeakRssMib, List<String> problems,
                long measureFromEpochMillis, List<SinkReport> seconds, List<RoundSample> roundSamples,
                List<PartResult> parts) {
        this(trial, sink, endToEndGrowth, sourceHalfChange, goalCv, operators, daemonCpuShare, speCpuShare, roundP50Ms,
                roundP99Ms, rounds, daemonPeakRssMib, problems, measureFromEpochMillis, seconds, roundSamples, parts, 0);
    }

    /** A trial of a query on one SPE. */
    TrialResult(Trial trial, PhaseResult sink, double endToEndGrowth, double sourceHalfChange, double goalCv,
                Map<String, OperatorStats> operators, double daemonCpuShare, double speCpuShare, double roundP50Ms,
                double roundP99Ms, int rounds, double daemonPeakRssMib, List<String> problems,
                long measureFromEpochMillis, List<SinkReport> seconds, List<RoundSample> roundSamples) {
        this(trial, sink, endToEndGrowth, sourceHalfChange, goalCv, operators, daemonCpuShare, speCpuShare, roundP50Ms,
                roundP99Ms, rounds, daemonPeakRssMib, problems, measureFromEpochMillis, seconds, roundSamples, List.of());
    }

    /**
     * The input rate offered to the trial's queries together: the trial's rate, which each query is
     * fed, times the queries on several SPEs at once. The whole trial's row is judged against it (a
     * pair of queries at 6,000 t/s each keeps up when 12,000 t/s get through).
     */
    double offeredRate() {
        return trial.rate() * Math.max(1, parts.size());
    }

    /** Whether the source took in about as much in both halves of the window (unknown counts as steady). */
    boolean steady() {
        return !(Math.abs(sourceHalfChange) > STEADY_SOURCE_CHANGE);
    }

    /**
     * One operator in the window.
     *
     * @param queueMean mean queue size of its main threads, as the observer saw it
     * @param priorityMean mean value applied to its main thread (NaN when nothing was applied)
     * @param mechanism what the value means: {@code nice}, {@code rr} or {@code none}
     * @param cpuShare CPU time of its main threads in the window over the window's length (0.25 =
     *     a quarter of one core; NaN when none of them lived through the window)
     * @param schedAtEnd how {@code /proc} showed its main threads scheduled at the window's end,
     *     such as {@code nice -20} or {@code RR 42}, distinct values joined by {@code |}; {@code gone}
     *     when none was left
     */
    record OperatorStats(double queueMean, double priorityMean, String mechanism, double cpuShare,
                         String schedAtEnd) {
    }

    /**
     * One SPE's query of a trial run on several SPEs at once ({@link dev.lachesis.experiments.launch.SpePart SpePart}), over the same window.
     *
     * @param spe the name in the CSV files' {@code spe} column
     * @param waitStrategy for the {@code wait_strategy} column
     * @param sink its own sink's figures
     * @param sourceHalfChange as the trial's, for this query alone
     * @param speCpuShare the share of one core its JVM used
     */
    record PartResult(String spe, String waitStrategy, PhaseResult sink, double sourceHalfChange,
                      double speCpuShare) {
    }

    /**
     * One operator in one round.
     *
     * @param startedAtEpochMillis when the round started
     * @param seenBy {@code observer} (the dry-run daemon every mode has) or {@code daemon} (the acting one)
     * @param queue the mean queue of the operator's main threads in the round
     * @param priority the mean value the acting daemon applied to them (NaN in the observer's rounds)
     * @param mechanism what the value means: {@code nice}, {@code rr} or {@code none}
     */
    record RoundSample(long startedAtEpochMillis, String seenBy, String operator, double queue, double priority,
                       String mechanism) {
    }
}
