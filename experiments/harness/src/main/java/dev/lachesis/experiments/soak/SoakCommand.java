package dev.lachesis.experiments.soak;

import dev.lachesis.core.cli.DurationConverter;
import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.process.LachesisDaemon;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.run.EmbeddedStore;
import dev.lachesis.experiments.run.ProcessUsage;
import dev.lachesis.experiments.run.StormSpeBlock;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code lachesis-bench soak}: the daemon ({@code bin/lachesis run}, DRAIN through {@code nice}) on a
 * running Storm query for a long time, the query's worker SIGKILLed and started again every few
 * minutes, as happens in production, while the daemon's resident set, CPU time and thread count are
 * read from {@code /proc} each second (issue 19). Writes {@code soak.csv}, {@code summary.md} and
 * two plots, and prints the verdict: whether the resident set stayed flat after warm-up. The daemon's
 * rounds ({@code rounds.jsonl}) and log ({@code daemon.log}) stay beside them.
 */
@Command(name = "soak", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        description = "Runs the daemon on a Storm query for a long time, restarting the worker now and then, "
                + "and plots the daemon's memory and CPU.")
public final class SoakCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(SoakCommand.class);
    private static final String TOPOLOGY = "lachesis-soak";
    private static final Duration STORM_START = Duration.ofSeconds(300);
    /** After the {@code spes:} entry: the store's render API and DRAIN through nice. */
    private static final String CONFIG = """
            metrics:
              source: graphite
              url: http://127.0.0.1:%d
            policies:
              - name: soak
                policy: drain
                period: 1s
                translator: nice
            """;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--duration", defaultValue = "30m", converter = DurationConverter.class,
            description = "How long the daemon runs (default ${DEFAULT-VALUE}).")
    private Duration duration;

    @Option(names = "--restart-every", defaultValue = "5m", converter = DurationConverter.class,
            description = "How often the worker is SIGKILLed and started again (default ${DEFAULT-VALUE}).")
    private Duration restartEvery;

    @Option(names = "--warm-up", defaultValue = "5m", converter = DurationConverter.class,
            description = "Left out of the memory verdict (default ${DEFAULT-VALUE}).")
    private Duration warmUp;

    @Option(names = "--rate", defaultValue = "300", description = "The query's input rate, tuples/s (default ${DEFAULT-VALUE}).")
    private double rate;

    @Option(names = "--out", required = true, description = "Directory for soak.csv, summary.md, the plots and logs.")
    private Path out;

    @Option(names = "--lachesis",
            description = "The bin/lachesis script that runs the store and the daemon (default: $" + LachesisHome.VARIABLE
                    + "/bin/lachesis).")
    private Path lachesis;

    @Override
    public Integer call() throws Exception {
        Path script = LachesisHome.lachesis(lachesis);
        Files.createDirectories(out);
        PrintWriter console = spec.commandLine().getOut();
        List<SoakSample> samples = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger restarts = new AtomicInteger();
        Integer exit = null;
        LachesisDaemon daemon;
        try (EmbeddedStore store = EmbeddedStore.start(List.of(script.toString()))) {
            StormQuerySpec query = new StormQuerySpec(StormQuery.PIPELINE, TOPOLOGY, rate,
                    new HostPort("127.0.0.1", store.carbonPort()), WaitStrategy.PARK, 500, 1, "512m",
                    STORM_START.toSeconds(), 1.0);
            ChildJvm worker = startWorker(query);
            Path config = Files.writeString(out.resolve("soak.yaml"), "spes:\n"
                    + StormSpeBlock.anyJvm(TOPOLOGY, WaitStrategy.PARK).yaml() + CONFIG.formatted(store.httpPort()));
            daemon = LachesisDaemon.start(script, config, out);
            console.printf("Soak: daemon PID %d on topology %s for %s, worker restarted every %s; samples in %s%n",
                    daemon.pid(), TOPOLOGY, DurationText.format(duration), DurationText.format(restartEvery),
                    out);
            console.flush();
            long start = System.nanoTime();
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
            sampler.scheduleAtFixedRate(() -> sample(daemon.pid(), start, restarts.get()).ifPresent(samples::add),
                    0, 1, TimeUnit.SECONDS);
            try {
                long end = start + duration.toNanos();
                long nextRestart = start + restartEvery.toNanos();
                while (System.nanoTime() < end && daemon.isAlive()) {
                    long wait = Math.min(end, nextRestart) - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    if (System.nanoTime() >= nextRestart && System.nanoTime() < end) {
                        int n = restarts.incrementAndGet();
                        console.printf("%s: killing the worker (PID %d) and starting it again (%d)%n",
                                DurationText.format(Duration.ofSeconds((System.nanoTime() - start) / 1_000_000_000)),
                                worker.pid(), n);
                        console.flush();
                        worker = restart(worker, query);
                        nextRestart += restartEvery.toNanos();
                    }
                }
            } finally {
                sampler.shutdownNow();
                exit = daemon.isAlive() ? daemon.stop() : null;
                worker.close();
            }
        }
        return report(samples, daemon, exit, restarts.get(), console);
    }

    private ChildJvm startWorker(StormQuerySpec query) throws IOException, TimeoutException, InterruptedException {
        ChildJvm worker = query.start(line -> LOG.debug("storm: {}", line));
        try {
            worker.awaitLine(STORM_START);
        } catch (IOException | TimeoutException e) {
            worker.close();
            throw e;
        }
        return worker;
    }

    private ChildJvm restart(ChildJvm worker, StormQuerySpec query) throws Exception {
        ProcessHandle.of(worker.pid()).ifPresent(ProcessHandle::destroyForcibly);
        ProcessHandle.of(worker.pid()).ifPresent(h -> h.onExit().join());
        worker.close();
        return startWorker(query);
    }

    private static java.util.Optional<SoakSample> sample(long pid, long start, int restarts) {
        double elapsed = (System.nanoTime() - start) / 1e9;
        return ProcessUsage.residentMib(pid).flatMap(rss -> ProcessUsage.cpuSeconds(pid)
                .flatMap(cpu -> ProcessUsage.threads(pid).map(threads -> new SoakSample(elapsed, rss, cpu, threads,
                        restarts))));
    }

    private int report(List<SoakSample> samples, LachesisDaemon daemon, Integer exit, int restarts, PrintWriter console)
            throws IOException {
        List<SoakSample> copy = List.copyOf(samples);
        List<String> csv = new ArrayList<>(List.of(SoakSample.CSV_HEADER));
        copy.forEach(s -> csv.add(s.csv()));
        Files.write(out.resolve("soak.csv"), csv);
        SoakVerdict verdict = SoakVerdict.of(copy, warmUp.toSeconds());
        List<String> rounds = daemon.rounds();
        long ok = rounds.stream().filter(l -> l.contains("\"outcome\":\"OK\"")).count();
        Map<String, Integer> warnings = new TreeMap<>();
        for (String line : daemon.logLines("WARN")) {
            String text = line.substring(line.indexOf(" WARN ") + 6).replaceAll("\\d+", "N");
            warnings.merge(text.length() > 160 ? text.substring(0, 160) + "…" : text, 1, Integer::sum);
        }
        SoakPlots.write(copy, verdict, out);
        StringBuilder md = new StringBuilder("# Soak\n\n");
        md.append("`bin/lachesis-bench soak --duration ").append(DurationText.format(duration))
                .append(" --restart-every ").append(DurationText.format(restartEvery))
                .append(" --warm-up ").append(DurationText.format(warmUp))
                .append(" --rate ").append(rate).append("`\n\n");
        md.append("- ").append(verdict.line()).append('\n');
        md.append("- worker SIGKILLed and started again ").append(restarts).append(" times; the daemon ")
                .append(exit == null ? "had exited before the end (see daemon.log)"
                        : "ran to the end and exited with " + exit + " on SIGTERM (128 + 15)").append('\n');
        md.append("- rounds: ").append(rounds.size()).append(", ").append(ok).append(" OK, ")
                .append(rounds.size() - ok).append(" failed (no worker running the topology, or its metrics not yet in)\n");
        md.append("- threads of the daemon: ").append(copy.stream().mapToInt(SoakSample::threads).min().orElse(0))
                .append("–").append(copy.stream().mapToInt(SoakSample::threads).max().orElse(0)).append('\n');
        md.append("- warnings in daemon.log (digits as N), each with how often it was logged:\n");
        warnings.forEach((text, n) -> md.append("  - ").append(n).append("× `").append(text).append("`\n"));
        md.append("\n![resident set](soak-rss.png)\n\n![CPU per minute](soak-cpu.png)\n");
        Files.writeString(out.resolve("summary.md"), md.toString());
        console.println("Soak: " + verdict.line() + "; " + rounds.size() + " rounds, " + ok + " OK; " + restarts
                + " worker restarts; see " + out.resolve("summary.md"));
        return 0;
    }

}
