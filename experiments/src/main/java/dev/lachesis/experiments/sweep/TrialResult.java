package dev.lachesis.experiments.sweep;

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
 * @param goalCv the policy goal: the coefficient of variation of the operators' queue sizes, averaged over the window's rounds (NaN without rounds)
 * @param operators per operator, its mean queue and the mean value applied to its main thread
 * @param daemonCpuShare the share of one core the acting daemon used in the window (NaN when none runs)
 * @param roundP50Ms the median time of the acting daemon's rounds (NaN when none runs)
 * @param roundP99Ms the 99th percentile of that time
 * @param rounds how many rounds the acting daemon ran in the window
 * @param daemonPeakRssMib the acting daemon's peak resident memory (NaN when none runs)
 * @param problems what was left changed after the daemon stopped, empty when everything was restored
 */
record TrialResult(Trial trial, PhaseResult sink, double endToEndGrowth, double goalCv,
                   Map<String, OperatorStats> operators, double daemonCpuShare, double roundP50Ms, double roundP99Ms,
                   int rounds, double daemonPeakRssMib, List<String> problems) {
    TrialResult {
        Objects.requireNonNull(trial, "trial");
        Objects.requireNonNull(sink, "sink");
        operators = Map.copyOf(operators);
        problems = List.copyOf(problems);
    }

    /**
     * One operator's averages in the window.
     *
     * @param queueMean mean queue size of its main threads, as the observer saw it
     * @param priorityMean mean value applied to its main thread (NaN when nothing was applied)
     * @param mechanism what the value means: {@code nice}, {@code rr} or {@code none}
     */
    record OperatorStats(double queueMean, double priorityMean, String mechanism) {
    }
}
