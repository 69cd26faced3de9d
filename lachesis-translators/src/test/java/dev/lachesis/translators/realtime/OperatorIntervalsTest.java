package dev.lachesis.translators.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import dev.lachesis.translators.realtime.OperatorIntervals.Interval;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An operator's newest interval as the rounds report it: what it processed, whether work waited,
 * and whether the interval reached the round late.
 */
class OperatorIntervalsTest {
    private static final OperatorKey PARSE = new OperatorKey("storm", "parse-0");
    private static final long T = 1_764_000_000L;
    private final OperatorIntervals intervals = new OperatorIntervals();

    @Test
    void anIntervalEndingASecondOrTwoBeforeTheRoundIsOnTime() {
        intervals.record(round(T + 12, 0, T + 9, T + 10, 35));

        assertThat(intervals.of(PARSE)).contains(new Interval(0, T + 9, T + 10, true, false));
    }

    /**
     * A Storm worker's reporter stamps a report when it begins and reads the counters after the
     * thread gauges, seconds later when a safepoint waits for starved threads: a 1-s interval whose
     * end is 5 s behind the round says nothing about what the operator did within its stamps.
     */
    @Test
    void aOneSecondIntervalEndingFiveSecondsBeforeTheRoundIsLate() {
        intervals.record(round(T + 15, 0, T + 9, T + 10, 35));

        assertThat(intervals.of(PARSE)).hasValueSatisfying(i -> assertThat(i.late()).isTrue());
    }

    /** An SPE that reports every 5 s delivers intervals of 5 s, up to a report behind: on time. */
    @Test
    void aLongerIntervalMayLagTheRoundByMore() {
        intervals.record(round(T + 16, 0, T + 5, T + 10, 35));

        assertThat(intervals.of(PARSE)).hasValueSatisfying(i -> assertThat(i.late()).isFalse());
    }

    @Test
    void anOperatorWithoutWorkWaitingIsSaidSo() {
        intervals.record(round(T + 11, 0, T + 9, T + 10, 0));

        assertThat(intervals.of(PARSE)).contains(new Interval(0, T + 9, T + 10, false, false));
    }

    @Test
    void anOperatorTheRoundNoLongerReportsIsForgotten() {
        intervals.record(round(T + 11, 0, T + 9, T + 10, 35));
        intervals.record(new PolicyInput(Instant.ofEpochSecond(T + 12), List.of()));

        assertThat(intervals.of(PARSE)).isEmpty();
    }

    /** Query etl-1: source → parse, parse's newest interval and input queue as given. */
    private static PolicyInput round(long nowSeconds, double tuples, long startSeconds, long endSeconds, double inputQueue) {
        Query etl = new Query("etl-1", "etl", List.of(new LogicalOperator("source", "source"),
                new LogicalOperator("parse", "parse")), Map.of("source", Set.of("parse")));
        List<PhysicalOperator> operators = List.of(new PhysicalOperator("source-0", "etl-1", List.of("source"), 0, 1),
                new PhysicalOperator("parse-0", "etl-1", List.of("parse"), 0, 1));
        SpeState state = new SpeState("storm", "storm", List.of(100), List.of(etl), operators, List.of(),
                Instant.ofEpochSecond(nowSeconds));
        return new PolicyInput(Instant.ofEpochSecond(nowSeconds), List.of(new SpeRound(state, Map.of(
                MetricNames.PROGRESS_INTERVAL_COUNT, MetricValues.of(Map.of("parse-0", tuples)),
                MetricNames.PROGRESS_INTERVAL_START, MetricValues.of(Map.of("parse-0", (double) startSeconds)),
                MetricNames.PROGRESS_INTERVAL_END, MetricValues.of(Map.of("parse-0", (double) endSeconds)),
                MetricNames.INPUT_QUEUE, MetricValues.of(Map.of("parse-0", inputQueue))))));
    }
}
