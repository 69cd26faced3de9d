package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.List;
import java.util.Objects;

/**
 * What a sweep runs, checked: which rates under which modes how often, each trial as
 * {@link TrialSettings} say. Immutable.
 *
 * @param rates input rates, tuples per second
 * @param modes scheduling modes, in the order each rate runs them
 * @param reps repetitions of every rate and mode
 * @param trials how every trial runs
 */
record SweepSettings(List<Double> rates, List<SchedulingMode> modes, int reps, TrialSettings trials) {
    SweepSettings {
        rates = List.copyOf(rates);
        modes = List.copyOf(modes);
        Objects.requireNonNull(trials, "trials");
        if (rates.isEmpty() || rates.stream().anyMatch(r -> !(r > 0) || r.isInfinite())) {
            throw new IllegalArgumentException("--rates was " + rates + " but must list positive rates");
        }
        if (modes.isEmpty()) {
            throw new IllegalArgumentException("--modes must name at least one mode");
        }
        if (reps < 1) {
            throw new IllegalArgumentException("--reps was " + reps + " but must be at least 1");
        }
    }

    /** The highest rate, which the query's input must cover. */
    double maxRate() {
        return rates.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }
}
