package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.run.RoundLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the daemons' rounds of a trial's window into {@link TrialResult.RoundSample}s, one per round
 * and operator (the mean over the operator's main threads): what {@code rounds.csv} keeps to draw
 * queues and priorities over time. Stateless.
 */
final class RoundSamples {
    /** The observer's rounds, which every mode has. */
    static final String OBSERVER = "observer";
    /** The acting daemon's rounds. */
    static final String DAEMON = "daemon";

    private RoundSamples() {
    }

    /**
     * The samples of the observer's rounds (queues only) followed by the acting daemon's (queues and
     * the value applied to each thread itself; a query group's share is left out).
     */
    static List<TrialResult.RoundSample> of(List<RoundLog.Round> observed, List<RoundLog.Round> acted) {
        List<TrialResult.RoundSample> samples = new ArrayList<>();
        for (RoundLog.Round round : observed) {
            add(samples, round, OBSERVER, false);
        }
        for (RoundLog.Round round : acted) {
            add(samples, round.threadPriorities(), DAEMON, true);
        }
        return samples;
    }

    private static void add(List<TrialResult.RoundSample> samples, RoundLog.Round round, String seenBy,
                            boolean applied) {
        Map<String, List<RoundLog.OperatorThread>> byOperator = new TreeMap<>();
        round.operators().forEach(t -> byOperator.computeIfAbsent(t.operator(), o -> new ArrayList<>()).add(t));
        byOperator.forEach((operator, threads) -> samples.add(new TrialResult.RoundSample(round.startedAtEpochMillis(),
                seenBy, operator, threads.stream().mapToDouble(RoundLog.OperatorThread::queue).average().orElse(Double.NaN),
                applied ? threads.stream().mapToLong(RoundLog.OperatorThread::value).average().orElse(Double.NaN)
                        : Double.NaN,
                applied ? threads.get(0).mechanism() : "none")));
    }
}
