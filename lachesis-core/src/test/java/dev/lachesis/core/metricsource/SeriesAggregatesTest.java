package dev.lachesis.core.metricsource;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class SeriesAggregatesTest {
    private static final DataPoint GAP_100 = DataPoint.missing(100);
    private static final Series GAUGE = new Series("q", List.of(GAP_100, new DataPoint(101, 4), DataPoint.missing(102),
            new DataPoint(103, 8), new DataPoint(104, 6), DataPoint.missing(105)));
    private static final Series COUNTER = new Series("c", List.of(DataPoint.missing(10), new DataPoint(11, 100),
            new DataPoint(12, 150), DataPoint.missing(13), new DataPoint(14, 400), DataPoint.missing(15)));
    private static final Series EMPTY = new Series("e", List.of(DataPoint.missing(1), DataPoint.missing(2)));

    @Test
    void lastSkipsTrailingGaps() {
        assertThat(SeriesAggregates.last(GAUGE)).isEqualTo(OptionalDouble.of(6));
        assertThat(SeriesAggregates.last(EMPTY)).isEmpty();
    }

    @Test
    void meanAndSumOverPresentPointsOnly() {
        assertThat(SeriesAggregates.mean(GAUGE)).isEqualTo(OptionalDouble.of(6));
        assertThat(SeriesAggregates.sum(GAUGE)).isEqualTo(OptionalDouble.of(18));
        assertThat(SeriesAggregates.mean(EMPTY)).isEmpty();
        assertThat(SeriesAggregates.sum(EMPTY)).isEmpty();
        assertThat(SeriesAggregates.sum(List.of(new DataPoint(1, 0)))).isEqualTo(OptionalDouble.of(0));
    }

    @Test
    void rateUsesFirstAndLastPresentPoints() {
        // (400 - 100) / (14 - 11)
        assertThat(SeriesAggregates.rate(COUNTER)).isEqualTo(OptionalDouble.of(100));
    }

    @Test
    void rateNeedsTwoPointsAndAnIncreasingCounter() {
        assertThat(SeriesAggregates.rate(EMPTY)).isEmpty();
        assertThat(SeriesAggregates.rate(List.of(new DataPoint(5, 10), DataPoint.missing(6)))).isEmpty();
        assertThat(SeriesAggregates.rate(List.of(new DataPoint(5, 500), new DataPoint(8, 20)))).isEmpty();
        assertThat(SeriesAggregates.rate(List.of(new DataPoint(5, 7), new DataPoint(9, 7)))).isEqualTo(OptionalDouble.of(0));
    }
}
