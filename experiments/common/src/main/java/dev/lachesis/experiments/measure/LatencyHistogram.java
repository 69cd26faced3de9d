package dev.lachesis.experiments.measure;

import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Latencies in microseconds, counted in logarithmic buckets 2% wide, so a histogram of any number
 * of tuples fits in one line of text and quantiles are exact to within 2%; the mean is exact. The
 * sink fills one per reporting interval; readers merge intervals into a measurement window. Not
 * thread-safe.
 */
public final class LatencyHistogram {
    /** Relative width of a bucket. */
    private static final double GROWTH = 1.02;
    private static final double LOG_GROWTH = Math.log(GROWTH);

    /** Bucket index → count; bucket 0 holds values below 1 µs, bucket i ≥ 1 holds [GROWTH^(i-1), GROWTH^i). */
    private final TreeMap<Integer, Long> buckets = new TreeMap<>();
    private long count;
    private long sumMicros;

    /** Counts one latency; a negative one (clocks of two cores a hair apart) counts as 0. */
    public void record(long micros) {
        long value = Math.max(0, micros);
        buckets.merge(bucket(value), 1L, Long::sum);
        count++;
        sumMicros += value;
    }

    /** Adds every value {@code other} counted. */
    public void add(LatencyHistogram other) {
        other.buckets.forEach((b, n) -> buckets.merge(b, n, Long::sum));
        count += other.count;
        sumMicros += other.sumMicros;
    }

    public long count() {
        return count;
    }

    /** The exact mean in microseconds, or NaN when empty. */
    public double meanMicros() {
        return count == 0 ? Double.NaN : (double) sumMicros / count;
    }

    /**
     * The {@code q}-quantile (0 &lt; q ≤ 1) in microseconds: the geometric middle of the bucket that
     * holds it, or NaN when empty.
     */
    public double quantileMicros(double q) {
        if (count == 0) {
            return Double.NaN;
        }
        long rank = Math.max(1, (long) Math.ceil(q * count));
        long seen = 0;
        for (Map.Entry<Integer, Long> e : buckets.entrySet()) {
            seen += e.getValue();
            if (seen >= rank) {
                int b = e.getKey();
                return b == 0 ? 0 : Math.pow(GROWTH, b - 0.5);
            }
        }
        throw new IllegalStateException("bucket counts do not add up to " + count);
    }

    private static int bucket(long micros) {
        return micros < 1 ? 0 : 1 + (int) Math.floor(Math.log(micros) / LOG_GROWTH);
    }

    /** {@code count/sum/bucket:n,bucket:n,...}, the form {@link #parse} reads. */
    public String encode() {
        StringJoiner joined = new StringJoiner(",");
        buckets.forEach((b, n) -> joined.add(b + ":" + n));
        return count + "/" + sumMicros + "/" + joined;
    }

    /**
     * Reads what {@link #encode} wrote.
     *
     * @throws IllegalArgumentException quoting the text when it is not such a histogram
     */
    public static LatencyHistogram parse(String text) {
        String[] parts = text.split("/", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("'" + text + "' is not count/sum/buckets");
        }
        LatencyHistogram h = new LatencyHistogram();
        try {
            h.count = Long.parseLong(parts[0]);
            h.sumMicros = Long.parseLong(parts[1]);
            long total = 0;
            if (!parts[2].isEmpty()) {
                for (String pair : parts[2].split(",")) {
                    int colon = pair.indexOf(':');
                    long n = Long.parseLong(pair.substring(colon + 1));
                    h.buckets.merge(Integer.parseInt(pair.substring(0, colon)), n, Long::sum);
                    total += n;
                }
            }
            if (total != h.count) {
                throw new IllegalArgumentException("'" + text + "' counts " + h.count + " values but its buckets " + total);
            }
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("'" + text + "' is not count/sum/buckets", e);
        }
        return h;
    }
}
