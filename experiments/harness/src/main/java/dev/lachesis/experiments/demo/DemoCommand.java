package dev.lachesis.experiments.demo;

import dev.lachesis.core.cli.DurationConverter;
import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.launch.QueryLaunchers;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.PhaseResult;
import dev.lachesis.experiments.run.PlacementOptions;
import dev.lachesis.experiments.run.RunStopped;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis demo}: shows on this machine what Lachesis does for a query. RIoTBench's ETL query
 * on Storm or Flink runs on one core at a rate beyond what the kernel's scheduler alone sustains,
 * first with the OS alone, then scheduled by Lachesis in the chosen mode, by default the 2023 paper's
 * LACHESIS-MOD-RT (QS-IO through the {@code rt} translator: SCHED_RR priorities on Flink, nice values
 * on Storm 2, whose executors poll their queues); a live table shows the queues and priorities, and the end compares
 * throughput, latency and end-to-end latency of both halves. A subcommand of {@code lachesis} where
 * the harness is built ({@link DemoCommands}); the query runs through the sweep's launchers in child
 * JVMs with its SPE's class path, the store and the daemon through {@code bin/lachesis} as a user
 * would run them. Everything it
 * changed is restored when it ends or is interrupted.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Runs the ETL query on Storm or Flink on one core, first with the OS alone, then with Lachesis "
                + "(by default QS-IO through the rt translator: SCHED_RR, or nice on Storm 2), and compares "
                + "throughput and latencies.",
        description = "Needs root (real-time priorities) and at least two CPUs: the SPE gets --spe-cpus, the store and "
                + "the daemon the others. Stop it with Ctrl-C at any time; every thread and cgroup is restored.")
public final class DemoCommand implements Callable<Integer> {
    /**
     * The default input rate on Storm, records/s: beyond what the kernel alone sustains for ETL on one
     * core of the test machine (about 10,700 records/s, {@code experiments/results/storm-etl-park});
     * slower cores saturate earlier, so it lies beyond OS's saturation point there too.
     */
    static final double DEFAULT_STORM_RATE = 12_000;
    /**
     * The default input rate on Flink, records/s: beyond what the kernel alone sustains for ETL on one
     * core of the test machine (about 16,000 records/s at an input of 44,000 after two minutes,
     * {@code experiments/results/issue18/flink-etl-settled}).
     */
    static final double DEFAULT_FLINK_RATE = 24_000;

    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--spe", paramLabel = "SPE", defaultValue = "storm",
            description = "The SPE that runs the query: storm or flink (default: ${DEFAULT-VALUE}).")
    private String spe;

    @Option(names = "--rate", paramLabel = "TUPLES/S",
            description = "Input rate in records per second (default: 12000 on Storm, 24000 on Flink, beyond what one "
                    + "core of our test machine sustains under the kernel's scheduler alone).")
    private Double rate;

    @Option(names = "--phase", paramLabel = "DURATION", defaultValue = "40s", converter = DurationConverter.class,
            description = "How long each half runs once tuples flow, warm-up included (default: ${DEFAULT-VALUE}).")
    private Duration phase;

    @Option(names = "--warm-up", paramLabel = "DURATION", defaultValue = "15s", converter = DurationConverter.class,
            description = "The start of each half left out of the measurement (default: ${DEFAULT-VALUE}).")
    private Duration warmUp;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "LACHESIS-MOD-RT",
            description = "How Lachesis schedules the second half, a mode of the sweep's (bin/lachesis-bench sweep "
                    + "--help): LACHESIS, LACHESIS-MOD, LACHESIS-MOD-RT, LACHESIS-MOD-GROUPS, LACHESIS-CGROUP, LACHESIS-DRAIN, "
                    + "LACHESIS-DRAIN-RT, RANDOM or STATIC (default: ${DEFAULT-VALUE}).")
    private String mode;

    @Option(names = "--table-every", paramLabel = "DURATION", defaultValue = "5s", converter = DurationConverter.class,
            description = "How often the live table is printed (default: ${DEFAULT-VALUE}).")
    private Duration tableEvery;

    @Mixin
    private PlacementOptions placement;

    @Override
    public Integer call() throws IOException, TimeoutException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        DemoSettings settings = settings();
        pinSelf(settings.otherCpus(), spec.commandLine().getErr());
        out.printf(Locale.ROOT, "Lachesis demo: RIoTBench's ETL query on %s (source -> parse -> range-filter -> "
                        + "bloom-filter -> interpolation -> join -> annotate -> csv-to-senml -> publish, sink)%n"
                        + "  on CPU %s at %s records/s%s.%n"
                        + "  Each half: %d s, the first %d s not measured. The store and the daemon run on CPU %s.%n",
                spe.equals("flink") ? "Flink" : "Storm", settings.speCpus(), LiveTable.number(settings.rate()),
                rate == null ? " (the default, beyond what one core of our test machine sustains; change it with --rate)"
                        : "", settings.phase().toSeconds(),
                settings.warmUp().toSeconds(), settings.otherCpus());
        out.flush();

        DemoRun run = new DemoRun(settings, out);
        Thread hook = new Thread(() -> {
            out.println();
            out.println("Interrupted: stopping the daemon (it restores every thread), the query and the store ...");
            out.flush();
            run.close();
            report(run, out);
        }, "lachesis-demo-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        List<PhaseResult> results;
        try {
            results = run.run();
        } catch (RunStopped e) {
            return 1;
        } finally {
            if (removeHook(hook)) {
                run.close();
            }
        }
        out.printf("%nResult (the 2023 paper's metrics; e2e = sink time - production time at the source):%n");
        ComparisonTable.print(out, results.get(0), results.get(1));
        boolean clean = report(run, out);
        boolean measured = results.stream().allMatch(PhaseResult::measured);
        if (!measured) {
            spec.commandLine().getErr().println("lachesis demo: no tuple reached the sink in a measurement window");
        }
        return clean && measured ? 0 : 1;
    }

    /** Prints what is left changed, if anything; true when nothing is. */
    private static boolean report(DemoRun run, PrintWriter out) {
        List<String> problems = run.problems();
        if (problems.isEmpty()) {
            out.println("Restored: every thread the daemon touched is back to its original policy and nice value, "
                    + "journal " + run.journal() + " gone, no cgroup " + run.cgroupRoot() + " left; query, daemon and store "
                    + "stopped.");
        } else {
            out.println("Left changed or restored late:");
            problems.forEach(p -> out.println("  " + p));
        }
        out.flush();
        return problems.isEmpty();
    }

    /** Removes the hook unless the JVM is already shutting down (then the hook is running close()). */
    private static boolean removeHook(Thread hook) {
        try {
            return Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return false;
        }
    }

    private DemoSettings settings() {
        try {
            CpuList spe = placement.speCpus();
            CpuList other = placement.otherCpus();
            Path script = placement.lachesisScript();
            QueryLauncher query = QueryLaunchers.of(this.spe, "etl", "park", placement.readyTimeout(), 0);
            double defaultRate = this.spe.equals("flink") ? DEFAULT_FLINK_RATE : DEFAULT_STORM_RATE;
            return new DemoSettings(script, query, secondHalf(query), rate != null ? rate : defaultRate, phase, warmUp,
                    tableEvery, spe, other, placement.readyTimeout());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The mode of the second half: one in which the daemon acts, and STATIC only where the query names its heaviest operator. */
    private SchedulingMode secondHalf(QueryLauncher query) {
        SchedulingMode chosen = SchedulingMode.named(mode);
        if (!chosen.applies()) {
            throw new IllegalArgumentException("--mode was '" + mode + "' but the second half needs a mode in which "
                    + "Lachesis schedules the query (the first half is " + SchedulingMode.OS.label() + ")");
        }
        if (chosen == SchedulingMode.STATIC && query.handSetPriority().isEmpty()) {
            throw new IllegalArgumentException("--mode was '" + mode + "' but " + query.query() + " on " + query.spe()
                    + " declares no heaviest operator to hand-set");
        }
        return chosen;
    }

    /** Moves every thread of this JVM to the other CPUs, so the demo never competes with the query. */
    private static void pinSelf(CpuList cpus, PrintWriter err) throws IOException, InterruptedException {
        if (!cpus.confine(ProcessHandle.current().pid())) {
            err.println("lachesis demo: could not move the demo to CPU " + cpus + " (taskset failed); continuing");
        }
    }
}
