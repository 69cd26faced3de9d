package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.Series;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Benchmark, not a test (tag {@code benchmark}, excluded from the default build): the CPU time of
 * the Storm driver's own share of a round — {@code refresh} and {@code fetch} of every provided
 * metric — for the LocalCluster captured from Storm 2.8.3 with two workers (178 JVM threads, 9
 * executors, its real series names), the shape of the ETL query the daemon's cost was profiled on.
 * The metric source answers from memory, so Graphite's share is left out; it returns names as new
 * strings every round, as a Graphite client parsing its answer would. The fake {@code /proc} holds
 * the one JVM, so scanning a real machine's processes is left out too. Measured in one run, as a
 * fraction of the default 1 s period. Run with {@code mvn -B -pl lachesis-drivers-storm -am verify
 * -Dlachesis.excludedGroups= -Dgroups=benchmark -Dtest=StormDriverRoundBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
class StormDriverRoundBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(StormDriverRoundBenchmark.class);
    private static final int PID = 4242;
    private static final long NOW = 1_795_433_700L;
    private static final long JVM_START = NOW - 600;
    private static final int WARM_UP = 2000;
    private static final int ROUNDS = 2000;

    @TempDir
    Path proc;

    @Test
    void theDriversShareOfARoundForALocalClusterOf178Threads() throws Exception {
        List<JvmThread> threads = StormFixtures.threads(PID, "storm-2.8.3/threads-2-workers.txt");
        StormFixtures.process(proc, PID, List.of("java", "-cp", "/opt/storm/lib/storm-server-2.8.3.jar",
                "org.apache.storm.LocalCluster", "etl.Main"), threads);
        StormFixtures.started(proc, PID, JVM_START + 0.47, NOW);
        List<Series> series = new ArrayList<>();
        for (String name : StormFixtures.lines("storm-2.8.3/metric-names-2-workers.txt")) {
            series.add(name.endsWith("-startTimeSecs") ? StormFixtures.series(name, NOW, JVM_START, JVM_START)
                    : name.endsWith(".count") ? StormFixtures.series(name, NOW, 1000, 1100, 1200, 1300, 1400)
                    : StormFixtures.series(name, NOW, 3, 2, 1));
        }
        StormDriver driver = new StormDriver("bench", new StormSettings(null, null, "*", null, null, "park"), null,
                List.of(), new AnsweringFromMemory(series), pid -> threads, new ProcFs(proc),
                Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));

        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        double[] millis = new double[ROUNDS];
        for (int round = -WARM_UP; round < ROUNDS; round++) {
            long start = cpu.getCurrentThreadCpuTime();
            SpeState state = driver.refresh();
            Map<String, MetricValues> metrics = driver.fetch(state, driver.providedMetrics());
            long elapsed = cpu.getCurrentThreadCpuTime() - start;
            assertThat(metrics.get(MetricNames.INPUT_QUEUE).size()).isEqualTo(state.operators().size()).isPositive();
            if (round >= 0) {
                millis[round] = elapsed / 1e6;
            }
        }
        Arrays.sort(millis);
        LOG.info(String.format(Locale.ROOT, "The Storm driver's share of a round for a LocalCluster of %d threads and "
                + "%d series: CPU time median %.3f ms, p90 %.3f ms over %d rounds = %.3f%% (p90 %.3f%%) of a 1 s period",
                threads.size(), series.size(), millis[ROUNDS / 2], millis[ROUNDS * 9 / 10], ROUNDS,
                millis[ROUNDS / 2] / 10, millis[ROUNDS * 9 / 10] / 10));
    }

    /** Answers each query as Graphite did the first time it was asked, with the series' names as new strings. */
    private static final class AnsweringFromMemory implements MetricSource {
        private final StormFixtures.FixedMetricSource graphite;
        private final Map<List<String>, List<Series>> answers = new HashMap<>();

        AnsweringFromMemory(List<Series> series) {
            this.graphite = new StormFixtures.FixedMetricSource(series);
        }

        @Override
        public List<Series> query(Collection<String> patterns, Duration window) {
            List<Series> answer = answers.computeIfAbsent(List.copyOf(patterns), p -> graphite.query(p, window));
            List<Series> parsed = new ArrayList<>(answer.size());
            for (Series s : answer) {
                parsed.add(new Series(new String(s.name().toCharArray()), s.points()));
            }
            return parsed;
        }

        @Override
        public String describe() {
            return "series in memory";
        }
    }
}
