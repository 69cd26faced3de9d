package dev.lachesis.it.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.spi.SpeRound;
import dev.lachesis.drivers.storm.StormDriver;
import dev.lachesis.drivers.storm.StormSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Benchmark, not a test (tag {@code benchmark}, excluded from the default build): one scheduling
 * round's work for a Storm topology of 100 executors — the driver's refresh (scan of a 200-process
 * {@code /proc}, thread mapping, one query of the embedded store over its carbon-fed series, graph),
 * its fetch of every provided metric, and QS's schedule — as a fraction of the default 1 s period,
 * measured in one run, in elapsed time and in the CPU time of the round's thread (the daemon's
 * budget is CPU, and on a shared machine elapsed time also counts waiting for a core), the driver's
 * part on its own too. Thread names come from a fixed lister (thread dumps are the discovery
 * module's cost). Run with {@code mvn -B -pl lachesis-it -am verify -Dlachesis.excludedGroups=
 * -Dgroups=benchmark -Dtest=StormRoundBenchmark -Dsurefire.failIfNoSpecifiedTests=false -DskipITs}.
 */
@Tag("benchmark")
class StormRoundBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(StormRoundBenchmark.class);
    private static final String TOPOLOGY = "bench-1-1795000000";
    private static final int PID = 4242;
    private static final int PORT = 6700;
    /** Components and their executors: 100 in all. */
    private static final Map<String, Integer> EXECUTORS = Map.of("source", 10, "parse", 30, "enrich", 30, "sink", 30);
    private static final List<String> ORDER = List.of("source", "parse", "enrich", "sink");
    /** Enough rounds for the JIT to finish: after 20, the median was still half as high again as after 2000. */
    private static final int WARM_UP = 300;
    private static final int ROUNDS = 300;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    /**
     * The series are sent once, with ten points ending a second before the start, so the window
     * reaches back far enough for them to stay in it while a loaded machine runs the rounds.
     */
    private static final Duration WINDOW = Duration.ofSeconds(50);

    @TempDir
    Path proc;

    @Test
    void oneRoundFor100Executors() throws Exception {
        List<JvmThread> threads = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        long now = System.currentTimeMillis() / 1000;
        int task = 1;
        int tid = 10_000;
        for (int c = 0; c < ORDER.size(); c++) {
            String component = ORDER.get(c);
            for (int i = 0; i < EXECUTORS.get(component); i++, task++) {
                threads.add(new JvmThread(new ThreadRef(PID, tid++),
                        "Thread-" + (100 + task) + "-" + component + "-executor[" + task + ", " + task + "]"));
                reported(lines, now, component, task, c == 0 ? null : ORDER.get(c - 1));
            }
        }
        for (String helper : List.of("Worker-Transfer", "flush-tuple-timer", "backpressure-check-timer", "user-timer",
                "Thread-300-__system-executor[-1, -1]", "Thread-301-__acker-executor[" + task + ", " + task + "]")) {
            threads.add(new JvmThread(new ThreadRef(PID, tid++), helper));
        }
        for (int other = 0; other < 150; other++) {
            threads.add(new JvmThread(new ThreadRef(PID, tid++), "pool-" + other + "-thread-1"));
        }
        // The worker's __system reports when its JVM started, as /proc says the JVM process did.
        long jvmStart = now - 600;
        for (int ago = 10; ago >= 1; ago--) {
            lines.add("storm.topology." + TOPOLOGY + ".localhost.__system.-1." + PORT + "-startTimeSecs " + jvmStart + " "
                    + (now - ago));
        }
        fakeProc(threads, jvmStart + 0.3, now);

        try (EmbeddedMetricSource store = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0),
                Duration.ofSeconds(10), Clock.systemUTC())) {
            send(store.carbonPort(), lines);
            // A fixed clock: the fake /proc's uptime does not advance.
            CpuCountingSource source = new CpuCountingSource(store);
            StormDriver driver = new StormDriver("bench", new StormSettings(null, null, "*", WINDOW, null, "park"),
                    "bench", List.of(), source, pid -> threads, new ProcFs(proc), Clock.fixed(Instant.ofEpochSecond(now),
                    java.time.ZoneOffset.UTC));
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> driver.fetch(driver.refresh(), Set.of(MetricNames.INPUT_QUEUE))
                            .get(MetricNames.INPUT_QUEUE).size() == 100);
            PolicyFactory qs = dev.lachesis.core.spi.Plugins.load(PolicyFactory.class, "policy").get("qs", "policy");
            Policy policy = qs.create(new PolicyContext("qs", ConfigNode.empty("settings"), false, 1));

            double[] millis = new double[ROUNDS];
            double[] cpuMillis = new double[ROUNDS];
            double[] driverCpuMillis = new double[ROUNDS];
            for (int round = -WARM_UP; round < ROUNDS; round++) {
                long start = System.nanoTime();
                long cpuStart = CPU.getCurrentThreadCpuTime();
                long queryCpuStart = source.cpuNanos();
                SpeState state = driver.refresh();
                Map<String, MetricValues> metrics = driver.fetch(state, driver.providedMetrics());
                long driverCpu = CPU.getCurrentThreadCpuTime() - cpuStart - (source.cpuNanos() - queryCpuStart);
                Schedule schedule = policy.schedule(new PolicyInput(Instant.now(), List.of(new SpeRound(state,
                        Map.of(MetricNames.QUEUE_SIZE, metrics.get(MetricNames.INPUT_QUEUE))))));
                long roundCpu = CPU.getCurrentThreadCpuTime() - cpuStart;
                long elapsed = System.nanoTime() - start;
                assertThat(schedule).isNotNull();
                assertThat(state.operators()).hasSize(100);
                if (round >= 0) {
                    millis[round] = elapsed / 1e6;
                    cpuMillis[round] = roundCpu / 1e6;
                    driverCpuMillis[round] = driverCpu / 1e6;
                }
            }
            Arrays.sort(millis);
            Arrays.sort(cpuMillis);
            Arrays.sort(driverCpuMillis);
            LOG.info(String.format(Locale.ROOT, "One round for %d executors (%d series in the store): median %.2f ms, "
                    + "p90 %.2f ms over %d rounds = %.2f%% (p90 %.2f%%) of a 1 s period; CPU time median %.2f ms "
                    + "(p90 %.2f ms), of which the driver's own (refresh and fetch without the store's query) "
                    + "median %.2f ms (p90 %.2f ms)", 100, lines.size() / 10, millis[ROUNDS / 2],
                    millis[ROUNDS * 9 / 10], ROUNDS, millis[ROUNDS / 2] / 10, millis[ROUNDS * 9 / 10] / 10,
                    cpuMillis[ROUNDS / 2], cpuMillis[ROUNDS * 9 / 10], driverCpuMillis[ROUNDS / 2],
                    driverCpuMillis[ROUNDS * 9 / 10]));
        }
    }

    /** Passes queries on, adding up the CPU time the calling thread spends in them. */
    private static final class CpuCountingSource implements MetricSource {
        private final MetricSource delegate;
        private long cpuNanos;

        CpuCountingSource(MetricSource delegate) {
            this.delegate = delegate;
        }

        long cpuNanos() {
            return cpuNanos;
        }

        @Override
        public List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException {
            long start = CPU.getCurrentThreadCpuTime();
            try {
                return delegate.query(patterns, window);
            } finally {
                cpuNanos += CPU.getCurrentThreadCpuTime() - start;
            }
        }

        @Override
        public String describe() {
            return delegate.describe();
        }
    }

    /** The series Storm 2.8's reporter writes for one executor, ten one-second points each. */
    private static void reported(List<String> lines, long now, String component, int task, String from) {
        String worker = "storm.worker." + TOPOLOGY + ".localhost.";
        List<String> names = new ArrayList<>();
        for (String gauge : List.of("population", "capacity", "arrival_rate_secs", "sojourn_time_ms", "overflow",
                "pct_full", "insert_failures", "dropped_messages")) {
            names.add(worker + component + "." + task + "." + PORT + "-receive-queue-" + gauge);
        }
        String stream = worker + component + ".default." + task + "." + PORT;
        names.add(stream + "-__emit-count-default.count");
        names.add(stream + "-__transfer-count-default.count");
        if (from != null) {
            names.add(stream + "-__execute-count-" + from + ":default.count");
            names.add(stream + "-__execute-latency-" + from + ":default");
            names.add(stream + "-__process-latency-" + from + ":default");
            names.add(stream + "-__ack-count-" + from + ":default.count");
        }
        for (String name : names) {
            for (int ago = 10; ago >= 1; ago--) {
                lines.add(name + " " + (task * 10 + 100 - ago) + " " + (now - ago));
            }
        }
    }

    private void fakeProc(List<JvmThread> threads, double startEpochSeconds, long now) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(PID)));
        double uptime = 100_000.0;
        Files.writeString(proc.resolve("uptime"), uptime + " 190000.00\n");
        long startTicks = Math.round((uptime - (now - startEpochSeconds)) * 100);
        Files.writeString(dir.resolve("stat"), PID + " (java) S 1 " + PID + " " + PID + " 0 -1 0 0 0 0 0 0 0 0 0 20 0 "
                + threads.size() + " 0 " + startTicks + " 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n");
        Files.writeString(dir.resolve("cmdline"), String.join("\0", "java", "-cp", "/opt/storm-server-2.8.3.jar",
                "org.apache.storm.LocalCluster", "bench.Main") + "\0");
        for (JvmThread t : threads) {
            Files.createDirectories(dir.resolve("task").resolve(Integer.toString(t.tid())));
        }
        for (int pid = 1; pid < 200; pid++) {
            Path other = Files.createDirectories(proc.resolve(Integer.toString(pid)));
            Files.writeString(other.resolve("cmdline"), "/usr/sbin/daemon-" + pid + "\0--flag\0");
        }
    }

    private static void send(int port, List<String> lines) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
             OutputStream out = socket.getOutputStream()) {
            out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }
}
