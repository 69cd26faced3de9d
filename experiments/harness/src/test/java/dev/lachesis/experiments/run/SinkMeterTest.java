package dev.lachesis.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.experiments.measure.LatencyHistogram;
import dev.lachesis.experiments.measure.SinkReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SinkMeterTest {
    private final List<String> other = new ArrayList<>();
    private final SinkMeter meter = new SinkMeter(other::add);

    /** A report ending at second {@code s} with {@code tuples} tuples of {@code micros} latency each. */
    private static String report(int s, int tuples, long micros) {
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram endToEnd = new LatencyHistogram();
        for (int i = 0; i < tuples; i++) {
            latency.record(micros);
            endToEnd.record(micros * 10);
        }
        return new SinkReport(s * 1000L, latency, endToEnd).toLine();
    }

    @Test
    void sumsTheReportsThatEndInsideTheWindow() {
        for (int s = 1; s <= 10; s++) {
            meter.accept(report(s, s <= 3 ? 10 : 100, s <= 3 ? 50_000 : 2_000));
        }

        PhaseResult measured = meter.window("OS", 3_000, 10_000);

        assertThat(measured.seconds()).isEqualTo(7.0);
        assertThat(measured.throughput()).isEqualTo(100.0);
        assertThat(measured.latency().meanMicros()).isEqualTo(2_000.0);
        assertThat(measured.endToEnd().meanMicros()).isEqualTo(20_000.0);
        assertThat(meter.window("OS", 20_000, 30_000).measured()).isFalse();
    }

    /** A report ending at second {@code s} with {@code tuples} tuples at the sink and {@code emitted} at the source. */
    private static String counted(int s, int tuples, long emitted) {
        LatencyHistogram latency = new LatencyHistogram();
        for (int i = 0; i < tuples; i++) {
            latency.record(1_000);
        }
        return new SinkReport(s * 1000L, latency, latency).withSourceTuples(OptionalLong.of(emitted)).toLine();
    }

    @Test
    void theSourcesCountsAddUpOverTheWindowToTheThroughputAtTheSource() {
        for (int s = 1; s <= 10; s++) {
            meter.accept(counted(s, 90, s <= 2 ? 5_000 : 120)); // a burst while the queues fill, then steady
        }

        PhaseResult steady = meter.window("OS", 2_000, 10_000);

        assertThat(steady.sourceTuples()).hasValue(8 * 120);
        assertThat(steady.sourceThroughput()).isEqualTo(120.0);
        assertThat(steady.throughput()).isEqualTo(90.0);
    }

    @Test
    void aSourceThatSlowsDownOnceTheQueuesAreFullShowsAsAFallBetweenTheWindowsHalves() {
        for (int s = 1; s <= 10; s++) {
            meter.accept(counted(s, 90, s <= 5 ? 200 : 150)); // filling the queues, then at the query's pace
        }
        for (int s = 11; s <= 20; s++) {
            meter.accept(counted(s, 90, 150));
        }

        assertThat(meter.sourceHalfChange(0, 10_000)).isCloseTo(-0.25, within(1e-9));
        assertThat(meter.sourceHalfChange(10_000, 20_000)).isZero();
        assertThat(meter.sourceHalfChange(20_000, 30_000)).isNaN();
    }

    @Test
    void aWindowWithAReportWithoutTheSourcesCountHasNoThroughputAtTheSource() {
        meter.accept(counted(1, 90, 100));
        meter.accept(report(2, 90, 1_000));
        meter.accept(counted(3, 90, 100));

        assertThat(meter.window("OS", 0, 3_000).sourceThroughput()).isNaN();
        assertThat(meter.window("OS", 2_000, 3_000).sourceThroughput()).isEqualTo(100.0);
        assertThat(meter.window("OS", 10_000, 20_000).sourceTuples()).isEmpty();
    }

    @Test
    void aReportThatCameLateCountsForEverySecondItCovers() throws InterruptedException {
        meter.accept(report(1, 100, 1_000));
        meter.accept(report(2, 100, 1_000));
        meter.accept(report(4, 200, 1_000)); // the reporter got no CPU at second 3

        assertThat(meter.window("MOD-RT", 1_000, 4_000).throughput()).isEqualTo(100.0);
        assertThat(meter.awaitReportAfter(3_000, Duration.ZERO)).isTrue();
        assertThat(meter.awaitReportAfter(4_000, Duration.ofMillis(1))).isFalse();
    }

    /** A report ending at second {@code s} with 100 tuples, each {@code endToEndMillis} from production to the sink. */
    private static String endToEndReport(int s, long endToEndMillis) {
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram endToEnd = new LatencyHistogram();
        for (int i = 0; i < 100; i++) {
            latency.record(2_000);
            endToEnd.record(endToEndMillis * 1000);
        }
        return new SinkReport(s * 1000L, latency, endToEnd).toLine();
    }

    @Test
    void aBacklogGrowingByThreePercentOfTheRateShowsAsEndToEndGrowthOfThreePercent() {
        for (int s = 1; s <= 10; s++) {
            meter.accept(endToEndReport(s, 100 + 30L * s)); // 30 ms more every second
        }

        assertThat(meter.endToEndGrowth(0, 10_000)).isCloseTo(0.03, within(0.002));
    }

    @Test
    void aDrainingBacklogShowsAsNegativeGrowthAndASteadyOneAsNone() {
        for (int s = 1; s <= 10; s++) {
            meter.accept(endToEndReport(s, s <= 5 ? 2_000 - 200L * s : 40));
        }
        for (int s = 11; s <= 20; s++) {
            meter.accept(endToEndReport(s, 40));
        }

        assertThat(meter.endToEndGrowth(0, 6_000)).isCloseTo(-0.2, within(0.02));
        assertThat(meter.endToEndGrowth(10_000, 20_000)).isZero();
        assertThat(meter.endToEndGrowth(20_000, 30_000)).isNaN();
    }

    @Test
    void passesOtherLinesOnAndSkipsBrokenReports() {
        meter.accept("READY 42 lachesis-demo");
        meter.accept("SINK 1000 garbage");
        meter.accept(report(2, 5, 1_000));

        assertThat(other).containsExactly("READY 42 lachesis-demo");
        assertThat(meter.window("OS", 0, 10_000).latency().count()).isEqualTo(5);
    }
}
