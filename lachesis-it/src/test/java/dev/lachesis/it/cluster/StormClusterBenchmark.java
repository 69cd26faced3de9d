package dev.lachesis.it.cluster;

import static org.awaitility.Awaitility.await;

import dev.lachesis.core.metricsource.RealGraphite;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.LachesisDaemon;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.run.StormSpeBlock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Benchmark, not a test (tag {@code benchmark}): the per-node daemons on a Storm 2.8 cluster as
 * users run it ({@link StormCluster}: a Supervisor in each of two nodes, one CPU each), against the
 * kernel alone, in one sitting. The pipeline query runs beyond what the two CPUs can process; its
 * two workers, one per node, stay up for the whole sitting. Each repetition runs an OS trial and a
 * trial with a daemon inside each node under the default policy of {@code config/storm.yaml}
 * (heaviest-first, nice), in alternating order; a trial lets the schedule settle, then counts 60 s
 * of tuples at the source (emitted) and at the sink (executed) from the counters the workers report
 * to Graphite. Each repetition's ratio pairs its two trials; the summary gives the mean ratio with
 * its 95% interval. Writes {@code trials.csv} and the daemons' rounds and logs under
 * {@code target/cluster-bench/}. Run with {@code LACHESIS_REQUIRE_RT_BUDGET=1 mvn -B -o verify -pl
 * lachesis-it -am -Dlachesis.excludedGroups= -Dgroups=benchmark -Dtest=StormClusterBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipITs -Dspotbugs.skip} (system properties
 * {@code cluster.reps}, {@code cluster.rate} and {@code cluster.heavy-cost-us} change the defaults).
 */
@Tag("benchmark")
class StormClusterBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(StormClusterBenchmark.class);
    private static final List<String> NODES = List.of("node-a", "node-b");
    private static final Duration SETTLE = Duration.ofSeconds(60);
    private static final Duration WINDOW = Duration.ofSeconds(60);
    /** Student's t for a two-sided 95% interval, by degrees of freedom 1..9. */
    private static final double[] T95 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262};
    private static final String POLICY = """
            metrics:
              source: graphite
              url: %s
              read-timeout: 2s
            policies:
              - name: storm-heaviest
                policy: heaviest-first
                period: 1s
                translator: nice
            """;

    private final Path out = Path.of("target", "cluster-bench", Instant.now().toString().replace(':', '-'))
            .toAbsolutePath();

    /** One trial's counts. */
    private record Trial(int rep, String mode, Instant from, Instant until, double sourceRate, double sinkRate) {
        String csv() {
            return String.format(Locale.ROOT, "%d,%s,%s,%s,%.1f,%.1f", rep, mode, from, until, sourceRate, sinkRate);
        }
    }

    @Test
    void perNodeDaemonsAgainstTheKernelAlone() throws Exception {
        RealGraphite.requireOrSkip();
        int reps = Integer.getInteger("cluster.reps", 3);
        double rate = Double.parseDouble(System.getProperty("cluster.rate", "4000"));
        long heavyCost = Long.getLong("cluster.heavy-cost-us", 800);
        String topology = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        Files.createDirectories(out);
        Map<String, Integer> cpus = new LinkedHashMap<>();
        cpus.put(NODES.get(0), 0);
        cpus.put(NODES.get(1), 1);
        List<Trial> trials = new ArrayList<>();
        try (StormCluster cluster = StormCluster.start(out.resolve("storm"), "node-m", 0, cpus)) {
            cluster.submitPipeline(topology, NODES.size(), rate, heavyCost, "127.0.0.1:" + RealGraphite.CARBON_PORT);
            for (String node : NODES) {
                await(node + " runs a worker").atMost(Duration.ofMinutes(4)).until(() -> cluster.workerPids(node).size() == 1);
            }
            Path config = Files.writeString(out.resolve("lachesis.yaml"), "spes:\n"
                    + StormSpeBlock.anyJvm(topology, WaitStrategy.PARK).yaml() + POLICY.formatted(RealGraphite.URL));
            for (int rep = 1; rep <= reps; rep++) {
                List<String> order = rep % 2 == 1 ? List.of("OS", "HEAVIEST-FIRST") : List.of("HEAVIEST-FIRST", "OS");
                for (String mode : order) {
                    Trial trial = mode.equals("OS") ? trial(rep, mode, topology, List.of())
                            : trialWithDaemons(rep, mode, topology, cluster, config);
                    LOG.info("Trial {}", trial);
                    trials.add(trial);
                    Files.write(out.resolve("trials.csv"), header(trials));
                }
            }
        }
        LOG.info("{}", summary(trials));
        Files.writeString(out.resolve("summary.txt"), summary(trials));
    }

    private Trial trialWithDaemons(int rep, String mode, String topology, StormCluster cluster, Path config)
            throws Exception {
        Path lachesis = LachesisHome.root().toAbsolutePath().normalize().resolve("bin/lachesis");
        List<LachesisDaemon> daemons = new ArrayList<>();
        try {
            for (String node : NODES) {
                daemons.add(LachesisDaemon.start(cluster.node(node).launcher(), lachesis, config,
                        out.resolve("rep" + rep + "-" + node)));
            }
            return trial(rep, mode, topology, daemons);
        } finally {
            for (LachesisDaemon daemon : daemons) {
                daemon.close();
            }
        }
    }

    /** Lets the schedule settle, then counts a window; the daemons must run through it. */
    private static Trial trial(int rep, String mode, String topology, List<LachesisDaemon> daemons) throws Exception {
        Thread.sleep(SETTLE.toMillis());
        Instant from = Instant.now();
        Thread.sleep(WINDOW.toMillis());
        Instant until = Instant.now();
        for (LachesisDaemon daemon : daemons) {
            if (!daemon.isAlive()) {
                throw new IllegalStateException("a daemon ended during the trial; its log: " + daemon.log());
            }
        }
        GraphiteRender graphite = new GraphiteRender(RealGraphite.URL);
        String worker = "storm.worker." + topology + "-*.*.";
        double source = graphite.counterRate(worker + "source.*.*.*-__emit-count-default.count", from, until);
        double sink = graphite.counterRate(worker + "sink.*.*.*-__execute-count-heavy*.count", from, until);
        return new Trial(rep, mode, from, until, source, sink);
    }

    private static List<String> header(List<Trial> trials) {
        List<String> lines = new ArrayList<>(List.of("rep,mode,from,until,source_tps,sink_tps"));
        trials.forEach(t -> lines.add(t.csv()));
        return lines;
    }

    /** Per repetition, the daemons' trial over the OS trial, at the source and at the sink; mean and 95% interval. */
    private static String summary(List<Trial> trials) {
        List<Double> source = new ArrayList<>();
        List<Double> sink = new ArrayList<>();
        for (Trial os : trials.stream().filter(t -> t.mode().equals("OS")).toList()) {
            trials.stream().filter(t -> t.rep() == os.rep() && !t.mode().equals("OS")).findFirst().ifPresent(d -> {
                source.add(d.sourceRate() / os.sourceRate());
                sink.add(d.sinkRate() / os.sinkRate());
            });
        }
        return "HEAVIEST-FIRST / OS at the source: " + interval(source) + "; at the sink: " + interval(sink) + "\n";
    }

    private static String interval(List<Double> ratios) {
        int n = ratios.size();
        double mean = ratios.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        if (n < 2) {
            return String.format(Locale.ROOT, "x%.3f (n=%d)", mean, n);
        }
        double variance = ratios.stream().mapToDouble(r -> (r - mean) * (r - mean)).sum() / (n - 1);
        double half = T95[Math.min(n - 2, T95.length - 1)] * Math.sqrt(variance / n);
        return String.format(Locale.ROOT, "x%.3f [%.3f, %.3f] (n=%d, per rep %s)", mean, mean - half, mean + half, n,
                ratios.stream().map(r -> String.format(Locale.ROOT, "%.3f", r)).toList());
    }
}
