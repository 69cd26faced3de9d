package dev.lachesis.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SinkReportTest {
    @Test
    void aReportSurvivesItsLine() {
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram endToEnd = new LatencyHistogram();
        for (long micros = 1_000; micros <= 100_000; micros += 1_000) {
            latency.record(micros);
            endToEnd.record(micros * 2);
        }
        SinkReport report = new SinkReport(1_700_000_000_000L, latency, endToEnd);

        SinkReport read = SinkReport.parse(report.toLine());

        assertThat(read.endEpochMillis()).isEqualTo(1_700_000_000_000L);
        assertThat(read.tuples()).isEqualTo(100);
        assertThat(read.latency().meanMicros()).isEqualTo(50_500.0);
        assertThat(read.endToEnd().meanMicros()).isEqualTo(101_000.0);
        assertThat(read.latency().quantileMicros(0.5)).isCloseTo(50_000, within(50_000 * 0.02));
        assertThat(read.latency().quantileMicros(0.99)).isCloseTo(99_000, within(99_000 * 0.02));
        assertThat(read.endToEnd().quantileMicros(1.0)).isCloseTo(200_000, within(200_000 * 0.02));
    }

    @Test
    void theSourcesCountTravelsWithTheReportAndLinesWithoutOneReadAsUncounted() {
        SinkReport counted = new SinkReport(5_000, new LatencyHistogram(), new LatencyHistogram())
                .withSourceTuples(OptionalLong.of(10_712));

        assertThat(counted.toLine()).isEqualTo("SINK 5000 0/0/ 0/0/ 10712");
        assertThat(SinkReport.parse(counted.toLine()).sourceTuples()).hasValue(10_712);
        assertThat(new SinkReport(5_000, new LatencyHistogram(), new LatencyHistogram()).toLine())
                .isEqualTo("SINK 5000 0/0/ 0/0/ -");
        assertThat(SinkReport.parse("SINK 5000 0/0/ 0/0/ -").sourceTuples()).isEmpty();
        assertThat(SinkReport.parse("SINK 5000 1/7/100:1 1/9/110:1").sourceTuples()).isEmpty();
    }

    @Test
    void sourcesCountOnceAttachedAndEachTakeStartsANewInterval() {
        SourceStats sources = new SourceStats();
        sources.emitted();

        assertThat(sources.take()).as("no source attached").isEmpty();
        sources.attach();
        assertThat(sources.take()).as("attached, nothing emitted since the last take").hasValue(0);
        sources.emitted();
        sources.emitted();
        assertThat(sources.take()).hasValue(2);
        assertThat(sources.take()).hasValue(0);
    }

    @Test
    void histogramsOfSeveralIntervalsAdd() {
        LatencyHistogram a = new LatencyHistogram();
        a.record(10);
        a.record(-3);
        LatencyHistogram b = LatencyHistogram.parse(a.encode());
        b.add(a);

        assertThat(b.count()).isEqualTo(4);
        assertThat(b.meanMicros()).isEqualTo(5.0);
        assertThat(b.quantileMicros(0.5)).isZero();
        assertThat(new LatencyHistogram().meanMicros()).isNaN();
        assertThat(new LatencyHistogram().encode()).isEqualTo("0/0/");
    }

    @Test
    void otherLinesAreNotReports() {
        assertThatThrownBy(() -> SinkReport.parse("READY 123 lachesis-demo"))
                .hasMessageStartingWith("'READY 123 lachesis-demo' is not 'SINK <epoch ms> <latency> <end-to-end>"
                        + " [<source tuples>]'");
        assertThatThrownBy(() -> SinkReport.parse("SINK 1 0/0/ 0/0/ many"))
                .hasMessage("'SINK 1 0/0/ 0/0/ many' ends in 'many', not a count of source tuples or -");
        assertThatThrownBy(() -> SinkReport.parse("SINK 1 2/3/1:1 0/0/"))
                .hasMessage("'2/3/1:1' counts 2 values but its buckets 1");
    }
}
