package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.run.RoundLog;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/**
 * The congestion-aware policy's goal as the 2023 paper plots it: the coefficient of variation
 * (population standard deviation over mean) of all operators' queue sizes in a round, lower when
 * queues are more even; averaged over the rounds of a window.
 */
final class QueueBalance {
    private QueueBalance() {
    }

    /** The mean over {@code rounds} of each round's coefficient of variation; NaN without rounds with queues. */
    static double meanCv(List<RoundLog.Round> rounds) {
        double sum = 0;
        int counted = 0;
        for (RoundLog.Round round : rounds) {
            double[] queues = round.operators().stream().mapToDouble(RoundLog.OperatorThread::queue)
                    .filter(q -> !Double.isNaN(q)).toArray();
            if (queues.length == 0) {
                continue;
            }
            double mean = new Mean().evaluate(queues);
            sum += mean == 0 ? 0 : new StandardDeviation(false).evaluate(queues) / mean;
            counted++;
        }
        return counted == 0 ? Double.NaN : sum / counted;
    }
}
