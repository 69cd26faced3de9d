package dev.lachesis.core.spi;

/**
 * One point of a series: a timestamp and a value, or no value (Graphite's {@code null}: nothing
 * reported in that bucket). Immutable.
 *
 * @param epochSeconds the start of the bucket, in seconds since the epoch
 * @param value the value, or {@code NaN} when the bucket is empty
 */
public record DataPoint(long epochSeconds, double value) {
    /** An empty bucket. */
    public static DataPoint missing(long epochSeconds) {
        return new DataPoint(epochSeconds, Double.NaN);
    }

    public boolean isPresent() {
        return !Double.isNaN(value);
    }
}
