package dev.lachesis.experiments.run;

import dev.lachesis.core.cli.DurationConverter;
import dev.lachesis.experiments.process.LachesisHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * Where a command that runs a query puts it and everything else, a picocli mixin shared by the demo
 * and every trial command (sweep, saturation), so they place their processes alike: the SPE's CPUs,
 * the other CPUs for the store, the daemon and the harness, the {@code bin/lachesis} that runs the
 * store and the daemon, and how long the SPE may take to start. Bad values become an
 * {@link IllegalArgumentException} naming the option, which the command turns into its one-line error.
 */
public final class PlacementOptions {
    @Option(names = "--spe-cpus", defaultValue = "0", paramLabel = "LIST",
            description = "CPUs of the SPE's JVMs, as taskset -c takes them (default: ${DEFAULT-VALUE}).")
    private String speCpus;

    @Option(names = "--other-cpus", paramLabel = "LIST",
            description = "CPUs of the metric store, the daemon and the harness (default: every other online CPU).")
    private String otherCpus;

    @Option(names = "--lachesis", paramLabel = "FILE",
            description = "The bin/lachesis script that runs the store and the daemon (default: $"
                    + LachesisHome.VARIABLE + "/bin/lachesis).")
    private Path lachesis;

    @Option(names = "--ready-timeout", paramLabel = "DURATION", defaultValue = "180s",
            converter = DurationConverter.class,
            description = "How long the SPE may take until tuples reach the sink (default: ${DEFAULT-VALUE}).")
    private Duration readyTimeout;

    /** The SPE's CPUs as given. */
    public String speCpusArgument() {
        return speCpus;
    }

    /** The other CPUs as given, or null when left to the default. */
    public String otherCpusArgument() {
        return otherCpus;
    }

    public CpuList speCpus() {
        return CpuList.parse(speCpus);
    }

    /** The CPUs given with --other-cpus, or every online CPU but the SPE's; there must be one. */
    public CpuList otherCpus() {
        CpuList spe = speCpus();
        return otherCpus != null ? CpuList.parse(otherCpus) : CpuList.online().minus(spe).orElseThrow(() ->
                new IllegalArgumentException("this machine has no CPU besides --spe-cpus " + spe
                        + " for the store and the daemon; they need one (real-time SPE threads would starve them)"));
    }

    /** The bin/lachesis to run, checked to be executable. */
    public Path lachesisScript() {
        Path script = LachesisHome.lachesis(lachesis);
        if (!Files.isExecutable(script)) {
            throw new IllegalArgumentException("--lachesis " + script + " is not an executable file");
        }
        return script;
    }

    public Duration readyTimeout() {
        return readyTimeout;
    }
}
