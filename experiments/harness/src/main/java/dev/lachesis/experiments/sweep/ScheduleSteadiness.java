package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.run.RoundLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a daemon's schedule settled, counted from its rounds the way the issue that asked for it
 * counts: the operator the daemon favoured most over the window (the lowest mean nice, or the
 * highest real-time priority) and the rounds in which the value applied to its main threads moved by
 * {@value #BIG_CHANGE} levels or more from the round before. A schedule that reacts in full to the
 * queue swings its last round caused flips that operator between nice −20 and 19 in most rounds; one
 * that settled moves it in at most one round in ten. Stateless.
 */
final class ScheduleSteadiness {
    /** A change of the applied value, in nice or real-time levels, that counts as a jump. */
    static final int BIG_CHANGE = 10;

    private ScheduleSteadiness() {
    }

    /**
     * The rounds of {@code acted} (oldest first) in which the most favoured operator's mean applied
     * value moved by {@value #BIG_CHANGE} or more from the round before; 0 without rounds.
     */
    static int topJumps(List<RoundLog.Round> acted) {
        List<Map<String, Double>> perRound = new ArrayList<>();
        Map<String, double[]> totals = new HashMap<>();
        boolean realTime = false;
        for (RoundLog.Round round : acted) {
            Map<String, double[]> sums = new HashMap<>();
            for (RoundLog.OperatorThread t : round.threadPriorities().operators()) {
                double[] sum = sums.computeIfAbsent(t.operator(), o -> new double[2]);
                sum[0] += t.value();
                sum[1]++;
                realTime |= t.mechanism().equals("rr") || t.mechanism().equals("fifo");
            }
            Map<String, Double> means = new HashMap<>();
            sums.forEach((operator, sum) -> {
                means.put(operator, sum[0] / sum[1]);
                double[] total = totals.computeIfAbsent(operator, o -> new double[2]);
                total[0] += sum[0] / sum[1];
                total[1]++;
            });
            perRound.add(means);
        }
        boolean higherIsBetter = realTime;
        Optional<String> top = totals.entrySet().stream()
                .max((a, b) -> Double.compare(score(a.getValue(), higherIsBetter), score(b.getValue(), higherIsBetter)))
                .map(Map.Entry::getKey);
        if (top.isEmpty()) {
            return 0;
        }
        int jumps = 0;
        Double before = null;
        for (Map<String, Double> round : perRound) {
            Double now = round.get(top.get());
            if (before != null && now != null && Math.abs(now - before) >= BIG_CHANGE) {
                jumps++;
            }
            before = now != null ? now : before;
        }
        return jumps;
    }

    private static double score(double[] total, boolean higherIsBetter) {
        double mean = total[0] / total[1];
        return higherIsBetter ? mean : -mean;
    }
}
