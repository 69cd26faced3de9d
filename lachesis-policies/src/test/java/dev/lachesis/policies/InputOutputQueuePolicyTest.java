package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.OUTPUT_QUEUE;
import static dev.lachesis.core.metric.MetricNames.QUEUE_SIZE;
import static dev.lachesis.core.metric.MetricNames.SOURCE_QUEUE;
import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class InputOutputQueuePolicyTest {
    private final InputOutputQueuePolicy qsIo = new InputOutputQueuePolicy("qs-io-test",
            new QueueSizePolicy.Settings(null));

    @Test
    void mainThreadsByInputQueueHelpersByOutputQueueSourceByItsInternalQueue() {
        Schedule schedule = qsIo.schedule(WorkedExamples.chain().input(qsIo));

        assertThat(priorities(schedule)).containsExactly(
                entry("S#0-main", 120.0), entry("S-send", 5.0),
                entry("A#0-main", 40.0), entry("A-send", 15.0),
                entry("B#0-main", 10.0), entry("B-send", 60.0),
                entry("K#0-main", 30.0));
        assertThat(TestSpe.entry(schedule, "S#0-main").metrics()).isEqualTo(Map.of(SOURCE_QUEUE, 120.0));
        assertThat(TestSpe.entry(schedule, "B-send").metrics()).isEqualTo(Map.of(OUTPUT_QUEUE, 60.0));
    }

    @Test
    void goalIsTheCoefficientOfVariationOfEveryQueueItRead() {
        // queues 120, 5, 40, 15, 10, 60, 30: mean 40, squared deviations
        // 6400 + 1225 + 0 + 625 + 900 + 400 + 100 = 9650, variance 9650 / 7
        Schedule schedule = qsIo.schedule(WorkedExamples.chain().input(qsIo));

        assertThat(schedule.goal().getAsDouble()).isCloseTo(Math.sqrt(9650.0 / 7) / 40, within(1e-12));
    }

    @Test
    void sourceReaderThreadDrainsTheSourceQueueToo() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A")
                .main("S#0").helper("Legacy Source Thread - S", ThreadKind.SOURCE_READER, "q", "S#0", "S#0")
                .helper("OutputFlusher for S", ThreadKind.SENDER, "q", "S#0", "S#0")
                .metric(SOURCE_QUEUE, "S#0", 900).metric(OUTPUT_QUEUE, "S#0", 12);

        assertThat(priorities(qsIo.schedule(spe.input(qsIo)))).containsExactly(
                entry("S#0-main", 900.0), entry("Legacy Source Thread - S", 900.0),
                entry("OutputFlusher for S", 12.0));
    }

    @Test
    void sourceThatPublishesNoQueueIsRankedAtItsQueryMedianWithOneWarning() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").main("S#0").main("A#0")
                .metric(QUEUE_SIZE, "S#0", 0).metric(QUEUE_SIZE, "A#0", 8);

        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger logger = (Logger) LoggerFactory.getLogger(InputOutputQueuePolicy.class);
        logger.addAppender(log);
        Schedule first;
        Schedule second;
        try {
            first = qsIo.schedule(spe.input(qsIo));
            second = qsIo.schedule(spe.input(qsIo));
        } finally {
            logger.detachAppender(log);
        }

        assertThat(priorities(first)).containsExactly(entry("S#0-main", 8.0), entry("A#0-main", 8.0));
        assertThat(priorities(second)).isEqualTo(priorities(first));
        assertThat(TestSpe.entry(first, "S#0-main").metrics())
                .isEqualTo(Map.of(ThreadRatingPolicy.NEUTRAL_MEDIAN, 8.0));
        assertThat(log.list).singleElement().satisfies(e -> {
            assertThat(e.getLevel()).isEqualTo(Level.WARN);
            assertThat(e.getFormattedMessage())
                    .startsWith("Source operator S#0 of storm publishes no source-queue-size; QS-IO ranks its threads"
                            + " at their query's median priority (neutral)");
        });
    }

    @Test
    void helperOfAWorkerIsRankedByTheWorkersQueue() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").main("A#0")
                .helper("worker-transfer", ThreadKind.SENDER, "q", null, "worker-transfer@4242")
                .metric(QUEUE_SIZE, "A#0", 8).metric(OUTPUT_QUEUE, "worker-transfer@4242", 300);

        assertThat(priorities(qsIo.schedule(spe.input(qsIo))))
                .containsExactly(entry("A#0-main", 8.0), entry("worker-transfer", 300.0));
    }

    @Test
    void underNiceASpinningHelperWithTheLargestOutputQueueRanksFirst() throws ConfigException {
        Policy policy = create(false);

        Schedule schedule = policy.schedule(chainWithFlushPool().input(policy));

        assertThat(priorities(schedule)).containsEntry("disruptor-flush-task-pool-1", 500.0)
                .doesNotContainKey("refresh-backpressure-timer");
    }

    @Test
    void underRealTimeTheSpinningHelperIsCappedBelowItsConsumerAndEveryThreadStaysInTheQuery()
            throws ConfigException {
        Policy policy = create(true);

        Schedule schedule = policy.schedule(chainWithFlushPool().input(policy));

        // The flush pool's output queue (500) is the largest of the query, but it spins on K's full
        // input queue: it goes to the query's next level below K's 30, A-send's 15. B-send spins on
        // the same queue: 60 → 15. The back-pressure timer has no metric: it gets the query's lowest
        // priority (S-send's 5).
        assertThat(priorities(schedule)).containsExactly(
                entry("S#0-main", 120.0), entry("S-send", 5.0),
                entry("A#0-main", 40.0), entry("A-send", 15.0),
                entry("B#0-main", 10.0), entry("B-send", 15.0),
                entry("K#0-main", 30.0),
                entry("disruptor-flush-task-pool-1", 15.0), entry("refresh-backpressure-timer", 5.0));
        assertThat(TestSpe.entry(schedule, "disruptor-flush-task-pool-1").metrics())
                .isEqualTo(Map.of(OUTPUT_QUEUE, 500.0, RealTimeGuard.CAP, 15.0));
        assertThat(TestSpe.entry(schedule, "refresh-backpressure-timer").metrics())
                .isEqualTo(Map.of(RealTimeGuard.FLOOR, 5.0));
    }

    @Test
    void emptyInputAndSingleThread() {
        assertThat(qsIo.schedule(new PolicyInput(TestSpe.NOW, List.of())).threads()).isEmpty();

        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").main("A#0").metric(QUEUE_SIZE, "A#0", 2);
        Schedule schedule = qsIo.schedule(spe.input(qsIo));

        assertThat(priorities(schedule)).containsExactly(entry("A#0-main", 2.0));
        assertThat(schedule.goal()).hasValue(0.0);
    }

    @Test
    void tiesBetweenAMainThreadAndItsHelperStayTies() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A")
                .main("A#0").helper("A-send", ThreadKind.SENDER, "q", "A#0", "A#0")
                .metric(QUEUE_SIZE, "A#0", 9).metric(OUTPUT_QUEUE, "A#0", 9);

        assertThat(priorities(qsIo.schedule(spe.input(qsIo))))
                .containsExactly(entry("A#0-main", 9.0), entry("A-send", 9.0));
    }

    /**
     * The chain of {@link WorkedExamples} in Storm 1.2.3 clothes: B's send thread and a worker-wide
     * flush-task-pool thread may spin on K's full input queue; the flush pool has the largest output
     * queue of the query (500); a back-pressure timer publishes no queue.
     */
    private static TestSpe chainWithFlushPool() {
        return new TestSpe()
                .query("chain", List.of("S", "A", "B", "K"), "S>A", "A>B", "B>K")
                .operator("S#0", "chain", "S").operator("A#0", "chain", "A")
                .operator("B#0", "chain", "B").operator("K#0", "chain", "K")
                .main("S#0").helper("S-send", ThreadKind.SENDER, "chain", "S#0", "S#0")
                .main("A#0").helper("A-send", ThreadKind.SENDER, "chain", "A#0", "A#0")
                .main("B#0").spinningHelper("B-send", ThreadKind.SENDER, "chain", "B#0", "B#0", "K#0")
                .main("K#0")
                .spinningHelper("disruptor-flush-task-pool-1", ThreadKind.SENDER, "chain", null, "flush@4242", "K#0")
                .helper("refresh-backpressure-timer", ThreadKind.TIMER, "chain", null, "backpressure@4242")
                .metric(QUEUE_SIZE, "A#0", 40).metric(QUEUE_SIZE, "B#0", 10).metric(QUEUE_SIZE, "K#0", 30)
                .metric(OUTPUT_QUEUE, "S#0", 5).metric(OUTPUT_QUEUE, "A#0", 15).metric(OUTPUT_QUEUE, "B#0", 60)
                .metric(OUTPUT_QUEUE, "flush@4242", 500)
                .metric(SOURCE_QUEUE, "S#0", 120);
    }

    private static Policy create(boolean realTime) throws ConfigException {
        return new InputOutputQueuePolicyFactory().create(
                new PolicyContext("qs-io", ConfigNode.empty("policies[0].settings"), realTime, 1));
    }
}
