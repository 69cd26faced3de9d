package dev.lachesis.experiments.demo;

import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.CpuList;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Everything one demo run was asked for, checked. Immutable.
 *
 * @param lachesis the {@code bin/lachesis} script that runs the store and the daemon
 * @param query what starts the ETL query on the chosen SPE
 * @param mode how Lachesis schedules the second half (the first is OS)
 * @param rate the source's input rate, tuples/s
 * @param phase how long each half runs once tuples reach the sink
 * @param warmUp the start of each half that is not measured
 * @param tableEvery how often the live table is printed
 * @param speCpus the CPUs the SPE's JVMs may use
 * @param otherCpus the CPUs of the demo, the metric store and the daemon
 * @param readyTimeout how long the SPE may take until tuples reach the sink
 */
record DemoSettings(Path lachesis, QueryLauncher query, SchedulingMode mode, double rate, Duration phase,
                    Duration warmUp, Duration tableEvery, CpuList speCpus, CpuList otherCpus, Duration readyTimeout) {
    DemoSettings {
        Objects.requireNonNull(lachesis, "lachesis");
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(mode, "mode");
        if (!(rate > 0)) {
            throw new IllegalArgumentException("--rate was " + rate + " but must be positive");
        }
        if (warmUp.isNegative() || warmUp.compareTo(phase) >= 0) {
            throw new IllegalArgumentException("--warm-up was " + warmUp.toSeconds() + "s but must be shorter than --phase ("
                    + phase.toSeconds() + "s)");
        }
        if (phase.minus(warmUp).compareTo(Duration.ofSeconds(2)) < 0) {
            throw new IllegalArgumentException("--phase minus --warm-up leaves less than 2s to measure");
        }
        if (tableEvery.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("--table-every must be at least 1s");
        }
        if (speCpus.overlaps(otherCpus)) {
            throw new IllegalArgumentException("--spe-cpus (" + speCpus + ") and --other-cpus (" + otherCpus
                    + ") share a CPU; real-time SPE threads would compete with the daemon");
        }
    }
}
