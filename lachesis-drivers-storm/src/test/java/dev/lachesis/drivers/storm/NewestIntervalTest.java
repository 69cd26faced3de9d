package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The newest interval of progress a counter shows: between the last two values of a running total
 * (Storm 2), the last bucket (Storm 1); the counters of one operator together say 0 only over the
 * time all of them cover.
 */
class NewestIntervalTest {
    private static Series series(DataPoint... points) {
        return new Series("c", List.of(points));
    }

    @Test
    void aRunningTotalsNewestIntervalLiesBetweenItsLastTwoValuesSkippingGaps() {
        Series total = series(new DataPoint(10, 100), new DataPoint(11, 160), DataPoint.missing(12), new DataPoint(13, 160),
                DataPoint.missing(14));

        assertThat(NewestInterval.ofRunningTotal(total)).hasValue(new NewestInterval(11, 13, 0));
    }

    @Test
    void aRunningTotalThatWentDownOrHasOneValueSaysNothing() {
        assertThat(NewestInterval.ofRunningTotal(series(new DataPoint(10, 100), new DataPoint(11, 5)))).isEmpty();
        assertThat(NewestInterval.ofRunningTotal(series(DataPoint.missing(10), new DataPoint(11, 5)))).isEmpty();
    }

    @Test
    void aBucketIsTheIntervalEndingAtItsValue() {
        assertThat(NewestInterval.ofBucket(series(new DataPoint(20, 7), DataPoint.missing(21)), 1))
                .hasValue(new NewestInterval(19, 20, 7));
    }

    @Test
    void countersTogetherShowProgressWhereverItFellAndZeroOnlyWhereAllOfThemLook() {
        Optional<NewestInterval> executed = Optional.of(new NewestInterval(10, 12, 0));
        Optional<NewestInterval> emitted = Optional.of(new NewestInterval(11, 13, 0));

        assertThat(NewestInterval.combine(List.of(executed, emitted))).hasValue(new NewestInterval(11, 12, 0));
        assertThat(NewestInterval.combine(List.of(executed, Optional.of(new NewestInterval(11, 13, 5)))))
                .hasValue(new NewestInterval(10, 13, 5));
        assertThat(NewestInterval.combine(List.of(executed, Optional.empty()))).as("one counter unknown").isEmpty();
        assertThat(NewestInterval.combine(List.of(executed, Optional.of(new NewestInterval(12, 13, 0)))))
                .as("no time both cover").isEmpty();
        assertThat(NewestInterval.combine(List.of())).isEmpty();
    }
}
