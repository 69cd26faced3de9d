package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One run of a sweep: an input rate, a scheduling mode and the repetition's number. Immutable.
 *
 * @param rate input tuples per second
 * @param mode how the query's threads are scheduled
 * @param rep the repetition, from 1
 */
record Trial(double rate, SchedulingMode mode, int rep) {
    Trial {
        Objects.requireNonNull(mode, "mode");
    }

    /**
     * Every trial of a sweep, repetition by repetition, each repetition going through every rate
     * and at each rate through every mode, so slow drift of the machine (heat, page cache) spreads
     * over all modes instead of favouring the ones measured first.
     */
    static List<Trial> plan(List<Double> rates, List<SchedulingMode> modes, int reps) {
        return plan(rates, modes, reps, 1);
    }

    /** {@link #plan(List, List, int)} with the repetitions numbered from {@code firstRep}. */
    static List<Trial> plan(List<Double> rates, List<SchedulingMode> modes, int reps, int firstRep) {
        List<Trial> trials = new ArrayList<>();
        for (int rep = firstRep; rep < firstRep + reps; rep++) {
            for (double rate : rates) {
                for (SchedulingMode mode : modes) {
                    trials.add(new Trial(rate, mode, rep));
                }
            }
        }
        return trials;
    }
}
