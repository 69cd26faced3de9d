package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.run.CpuList;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How every trial of a sweep or a saturation search runs, checked: its timing, where the SPE and
 * everything else run, and where the figures go. Immutable.
 *
 * @param period the scheduling period of the daemon and the observer
 * @param warmUp time from the first tuple at the sink (the daemon starts then) to the measurement
 * @param maxSettle how long after the warm-up a trial may wait for the intake at the source to settle
 *     ({@link SteadyIntake}); zero not to wait
 * @param measure the measurement window
 * @param speCpus the CPUs the SPE is confined to
 * @param otherCpus the CPUs of the metric store, the daemons and the harness
 * @param lachesis the {@code bin/lachesis} script
 * @param out where the CSV files go
 * @param graphite the ports of the Graphite on this machine to use, or null for the embedded store
 */
record TrialSettings(Duration period, Duration warmUp, Duration maxSettle, Duration measure, CpuList speCpus,
                     CpuList otherCpus, Path lachesis, Path out, GraphitePorts graphite) {
    TrialSettings {
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(warmUp, "warmUp");
        Objects.requireNonNull(maxSettle, "maxSettle");
        Objects.requireNonNull(measure, "measure");
        Objects.requireNonNull(speCpus, "speCpus");
        Objects.requireNonNull(otherCpus, "otherCpus");
        Objects.requireNonNull(lachesis, "lachesis");
        Objects.requireNonNull(out, "out");
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
