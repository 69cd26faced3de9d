package dev.lachesis.core.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CPU usage and cost per tuple the daemon measures itself, on a {@code /proc} tree the test
 * writes: thread 11 runs operator {@code a} (with a sender helper, 12, whose CPU counts in the usage
 * but not in the cost), thread 13 runs {@code b}.
 */
class CpuMeasuringDriverTest {
    private static final int PID = 10;
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path proc;

    private final AtomicLong clock = new AtomicLong(100 * SECOND);
    private CountingDriver spe;
    private CpuMeasuringDriver driver;

    @BeforeEach
    void setUp() throws IOException {
        Files.writeString(proc.resolve("uptime"), "1000.00 1900.00\n");
        SpeState state = new SpeState("storm", "storm", List.of(PID),
                List.of(new Query("q", "q", List.of(new LogicalOperator("a", "a"), new LogicalOperator("b", "b")),
                        Map.of("a", Set.of("b")))),
                List.of(new PhysicalOperator("a#0", "q", List.of("a"), 0, 1),
                        new PhysicalOperator("b#0", "q", List.of("b"), 0, 1)),
                List.of(OperatorThread.main(thread(11, "a-executor"), "q", "a#0"),
                        OperatorThread.helper(thread(12, "a-send"), ThreadKind.SENDER, "q", "a#0", "a#0"),
                        OperatorThread.main(thread(13, "b-executor"), "q", "b#0")),
                Instant.EPOCH);
        spe = new CountingDriver(state).provide(MetricNames.PROCESSED_RATE, Map.of("a#0", 2000.0, "b#0", 500.0))
                .provide(MetricNames.INPUT_QUEUE, Map.of("a#0", 7.0));
        driver = new CpuMeasuringDriver(spe, new ProcFs(proc), clock::get);
    }

    private static JvmThread thread(int tid, String name) {
        return new JvmThread(new ThreadRef(PID, tid), name);
    }

    /** Writes a thread's schedstat run time and a stat line saying it started {@code startedAfterBoot} s after boot. */
    private void runTime(int tid, long nanos, double startedAfterBoot) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(PID + "/task/" + tid));
        Files.writeString(dir.resolve("schedstat"), nanos + " 0 0\n");
        Files.writeString(dir.resolve("stat"), tid + " (t) R 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 30 0 "
                + Math.round(startedAfterBoot * 100) + " 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0");
    }

    @Test
    void costIsTheMainThreadsCpuPerSecondOverTheTuplesProcessedPerSecond() throws Exception {
        runTime(11, 0, 900);
        runTime(12, 0, 900);
        runTime(13, 0, 900);
        driver.refresh();
        clock.addAndGet(2 * SECOND);
        runTime(11, SECOND, 900);           // half a core for 2 s
        runTime(12, 2 * SECOND, 900);       // the helper's CPU is not the operator's processing
        runTime(13, SECOND / 5, 900);       // a tenth of a core

        driver.refresh();
        Map<String, MetricValues> fetched = driver.fetch(spe.refresh(), Set.of(MetricNames.CPU_COST,
                MetricNames.INPUT_QUEUE));

        // a: 500 ms of CPU a second for 2000 tuples a second; b: 100 ms for 500
        assertThat(fetched.get(MetricNames.CPU_COST).get("a#0").getAsDouble()).isCloseTo(0.25, within(1e-9));
        assertThat(fetched.get(MetricNames.CPU_COST).get("b#0").getAsDouble()).isCloseTo(0.2, within(1e-9));
        assertThat(fetched.get(MetricNames.INPUT_QUEUE).get("a#0")).hasValue(7.0);
        assertThat(fetched).doesNotContainKey(MetricNames.PROCESSED_RATE);
        assertThat(spe.fetches()).containsExactly(Set.of(MetricNames.INPUT_QUEUE, MetricNames.PROCESSED_RATE));
    }

    @Test
    void usageIsTheShareOfACoreOfEveryThreadOfTheOperatorHelpersIncluded() throws Exception {
        runTime(11, 0, 900);
        runTime(12, 0, 900);
        runTime(13, 0, 900);
        driver.refresh();
        clock.addAndGet(2 * SECOND);
        runTime(11, SECOND, 900);           // half a core for 2 s
        runTime(12, SECOND / 5, 900);       // its sender: a tenth of a core
        runTime(13, SECOND / 5, 900);

        driver.refresh();
        Map<String, MetricValues> fetched = driver.fetch(spe.refresh(), Set.of(MetricNames.CPU_USAGE));

        assertThat(fetched.get(MetricNames.CPU_USAGE).get("a#0").getAsDouble()).isCloseTo(0.6, within(1e-9));
        assertThat(fetched.get(MetricNames.CPU_USAGE).get("b#0").getAsDouble()).isCloseTo(0.1, within(1e-9));
        assertThat(spe.fetches()).isEmpty();
    }

    @Test
    void theFirstRoundUsesEachThreadsLifetimeAverage() throws Exception {
        runTime(11, 10 * SECOND, 900);      // 10 s of CPU in the 100 s since it started
        runTime(13, 0, 900);

        driver.refresh();

        // a: a tenth of a core, 100 ms a second over 2000 tuples a second
        assertThat(driver.fetch(spe.refresh(), Set.of(MetricNames.CPU_COST)).get(MetricNames.CPU_COST).asMap())
                .containsOnly(Map.entry("a#0", 0.05), Map.entry("b#0", 0.0));
    }

    @Test
    void anOperatorThatProcessedNothingKeepsItsLastCostForAWhile() throws Exception {
        runTime(11, 0, 900);
        runTime(13, 0, 900);
        driver.refresh();
        clock.addAndGet(SECOND);
        runTime(11, SECOND / 2, 900);
        driver.refresh();
        driver.fetch(spe.refresh(), Set.of(MetricNames.CPU_COST));
        spe.provide(MetricNames.PROCESSED_RATE, Map.of("a#0", 0.0));

        clock.addAndGet(SECOND);
        driver.refresh();
        MetricValues starving = driver.fetch(spe.refresh(), Set.of(MetricNames.CPU_COST)).get(MetricNames.CPU_COST);
        clock.addAndGet(CpuMeasuringDriver.KEEP_COST_SECONDS * SECOND);
        driver.refresh();
        MetricValues forgotten = driver.fetch(spe.refresh(), Set.of(MetricNames.CPU_COST)).get(MetricNames.CPU_COST);

        assertThat(starving.get("a#0").getAsDouble()).isCloseTo(0.25, within(1e-9));
        assertThat(forgotten.has("a#0")).isFalse();
    }

    @Test
    void offersTheCostOnlyWhereTheDriverCountsProcessedTuplesAndTheUsageEverywhere() {
        assertThat(driver.providedMetrics()).contains(MetricNames.CPU_COST, MetricNames.CPU_USAGE,
                MetricNames.PROCESSED_RATE, MetricNames.INPUT_QUEUE);
        CountingDriver withoutRates = new CountingDriver(spe.refresh()).provide(MetricNames.INPUT_QUEUE, Map.of());
        assertThat(new CpuMeasuringDriver(withoutRates, new ProcFs(proc), clock::get).providedMetrics())
                .containsExactlyInAnyOrder(MetricNames.INPUT_QUEUE, MetricNames.CPU_USAGE);
    }
}
