package dev.lachesis.drivers.storm;

import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.util.List;
import java.util.Optional;

/**
 * The tuples a counter counted in the newest interval its reporter published, and where that
 * interval lies: the freshest evidence of progress the metrics hold (a rate over the driver's
 * window still shows tuples for seconds after an operator stopped). On 2.x a counter is a running
 * total, so the interval lies between its last two values; on 1.x each value is one bucket's count,
 * so the interval is the bucket that ends at its last value. Immutable.
 *
 * @param startEpochSeconds where the interval begins
 * @param endEpochSeconds where it ends, after its start
 * @param count the tuples counted in it
 */
record NewestInterval(long startEpochSeconds, long endEpochSeconds, double count) {

    /**
     * The newest interval of a running total: empty with fewer than two values, and when the total
     * went down (its worker restarted).
     */
    static Optional<NewestInterval> ofRunningTotal(Series series) {
        List<DataPoint> points = series.points();
        DataPoint last = null;
        for (int i = points.size() - 1; i >= 0; i--) {
            DataPoint p = points.get(i);
            if (!p.isPresent()) {
                continue;
            }
            if (last == null) {
                last = p;
            } else if (p.value() <= last.value() && p.epochSeconds() < last.epochSeconds()) {
                return Optional.of(new NewestInterval(p.epochSeconds(), last.epochSeconds(), last.value() - p.value()));
            } else {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The newest bucket of a counter that publishes each bucket's count. */
    static Optional<NewestInterval> ofBucket(Series series, long bucketSeconds) {
        List<DataPoint> points = series.points();
        for (int i = points.size() - 1; i >= 0; i--) {
            DataPoint p = points.get(i);
            if (p.isPresent()) {
                return Optional.of(new NewestInterval(p.epochSeconds() - bucketSeconds, p.epochSeconds(), p.value()));
            }
        }
        return Optional.empty();
    }

    /**
     * The counters of one operator taken together: the tuples they counted, over the time from the
     * earliest start to the latest end, when any counted some, since a count above 0 shows progress
     * wherever it fell; 0 only over the time every one of them covers, and nothing when that time is
     * empty or one of them has no interval.
     */
    static Optional<NewestInterval> combine(List<Optional<NewestInterval>> intervals) {
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        long commonStart = Long.MIN_VALUE;
        long commonEnd = Long.MAX_VALUE;
        double sum = 0;
        boolean unknown = intervals.isEmpty();
        for (Optional<NewestInterval> interval : intervals) {
            if (interval.isEmpty()) {
                unknown = true;
                continue;
            }
            NewestInterval i = interval.get();
            earliest = Math.min(earliest, i.startEpochSeconds);
            latest = Math.max(latest, i.endEpochSeconds);
            commonStart = Math.max(commonStart, i.startEpochSeconds);
            commonEnd = Math.min(commonEnd, i.endEpochSeconds);
            sum += i.count;
        }
        if (sum > 0) {
            return Optional.of(new NewestInterval(earliest, latest, sum));
        }
        return unknown || commonEnd <= commonStart ? Optional.empty()
                : Optional.of(new NewestInterval(commonStart, commonEnd, 0));
    }
}
