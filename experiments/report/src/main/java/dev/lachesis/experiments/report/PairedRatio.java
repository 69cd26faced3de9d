package dev.lachesis.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A mode's figure as a ratio to the kernel alone (OS) measured in the same sitting, with a 95%
 * interval, from trials paired by repetition and input rate: a sweep runs every mode of a rate one
 * after the other within each repetition, so a mode's trial and OS's trial of the same repetition
 * and rate share the state of the machine, and their ratio cancels what drifts between
 * repetitions. For each repetition that has both modes at every rate asked for, its ratio is the
 * mean over those rates of {@code mode / OS}; the estimate is the mean of these per-repetition
 * ratios with a Student-t interval over the repetitions ({@link Estimate}), so {@code n} is the
 * number of repetitions, not of trials. A pair with an unmeasured value or an OS value of 0 leaves
 * its repetition out. Stateless.
 */
public final class PairedRatio {
    private PairedRatio() {
    }

    /**
     * The ratio of {@code mode} to {@code os} over {@code rates}.
     *
     * @param mode rate → repetition → the mode's value
     * @param os rate → repetition → OS's value
     * @param rates the rates to average over; each counted repetition has both modes at all of them
     * @return the mean of the per-repetition ratios with its 95% interval; {@code n} 0 (and a NaN
     *     mean) when no repetition is complete
     */
    public static Estimate of(Map<Double, Map<Integer, Double>> mode, Map<Double, Map<Integer, Double>> os,
                              List<Double> rates) {
        SortedSet<Integer> reps = new TreeSet<>();
        rates.forEach(rate -> reps.addAll(mode.getOrDefault(rate, Map.of()).keySet()));
        List<Double> ratios = new ArrayList<>();
        for (int rep : reps) {
            double sum = 0;
            boolean complete = !rates.isEmpty();
            for (double rate : rates) {
                Double value = mode.getOrDefault(rate, Map.of()).get(rep);
                Double reference = os.getOrDefault(rate, Map.of()).get(rep);
                if (value == null || reference == null || Double.isNaN(value) || Double.isNaN(reference)
                        || reference == 0) {
                    complete = false;
                    break;
                }
                sum += value / reference;
            }
            if (complete) {
                ratios.add(sum / rates.size());
            }
        }
        return Estimate.of(ratios.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
