package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.SchedulingMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Everything a sweep was asked for, checked. Immutable.
 *
 * @param rates input rates, tuples per second
 * @param modes scheduling modes, in the order each rate runs them
 * @param reps repetitions of every rate and mode
 * @param period the daemon's scheduling period
 * @param warmUp time from the first tuple at the sink (the daemon starts then) to the measurement
 * @param measure the measurement window
 * @param speCpus the CPUs the SPE is confined to
 * @param otherCpus the CPUs of the metric store, the daemons and the harness
 * @param lachesis the {@code bin/lachesis} script
 * @param out where the CSV files, plots and tables go
 */
record SweepSettings(List<Double> rates, List<SchedulingMode> modes, int reps, Duration period, Duration warmUp,
                     Duration measure, CpuList speCpus, CpuList otherCpus, Path lachesis, Path out) {
    SweepSettings {
        rates = List.copyOf(rates);
        modes = List.copyOf(modes);
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(warmUp, "warmUp");
        Objects.requireNonNull(measure, "measure");
        Objects.requireNonNull(speCpus, "speCpus");
        Objects.requireNonNull(otherCpus, "otherCpus");
        Objects.requireNonNull(lachesis, "lachesis");
        Objects.requireNonNull(out, "out");
        if (rates.isEmpty() || rates.stream().anyMatch(r -> !(r > 0) || r.isInfinite())) {
            throw new IllegalArgumentException("--rates was " + rates + " but must list positive rates");
        }
        if (modes.isEmpty()) {
            throw new IllegalArgumentException("--modes must name at least one mode");
        }
        if (reps < 1) {
            throw new IllegalArgumentException("--reps was " + reps + " but must be at least 1");
        }
        if (measure.toMillis() < 2_000) {
            throw new IllegalArgumentException("--measure was " + measure.toMillis() + "ms but must be at least 2s "
                    + "(the sink reports once a second)");
        }
        if (speCpus.overlaps(otherCpus)) {
            throw new IllegalArgumentException("--spe-cpus " + speCpus + " and --other-cpus " + otherCpus + " overlap");
        }
    }

    /** {@code taskset -c <other CPUs> bin/lachesis}: how the store and the daemons are started. */
    List<String> lachesisOnOtherCpus() {
        return List.of("taskset", "-c", otherCpus.toString(), lachesis.toString());
    }
}
