package dev.lachesis.experiments.etl;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The ETL query's input: synthetic sensor records, one SenML pack (a JSON object) per record, in
 * the shape of RIoTBench's ETL input — a base name naming the sensor, a base time, and one entry
 * per reading plus the message id. Deterministic for a seed. A share of readings lies outside the
 * range filter's table, and a share of records repeats a recent record verbatim (same message id)
 * for the Bloom filter to drop. {@link GenerateSenml} writes its records to the file the queries'
 * file sources replay. Not thread-safe.
 */
public final class SenmlRecordGenerator {
    /** The seed of {@link #standard()}. */
    public static final long STANDARD_SEED = 42;

    /** Base time of the first record, epoch ms (2024-01-01T00:00:00Z); records are 1 s apart per sensor. */
    static final long FIRST_TIME_MS = 1_704_067_200_000L;

    private final int sensors;
    private final double outOfRangeShare;
    private final double duplicateShare;
    private final String[] recent = new String[64];
    private final SplittableRandom random;
    private long made;

    /**
     * @param seed the seed of every choice
     * @param sensors how many sensors take turns, at least 1
     * @param outOfRangeShare share of readings outside their valid range, in [0, 1]
     * @param duplicateShare share of records that repeat one of the last 64, in [0, 1)
     */
    public SenmlRecordGenerator(long seed, int sensors, double outOfRangeShare, double duplicateShare) {
        if (sensors < 1 || !(outOfRangeShare >= 0 && outOfRangeShare <= 1)
                || !(duplicateShare >= 0 && duplicateShare < 1)) {
            throw new IllegalArgumentException("sensors must be positive and the shares within [0, 1)");
        }
        this.sensors = sensors;
        this.outOfRangeShare = outOfRangeShare;
        this.duplicateShare = duplicateShare;
        this.random = new SplittableRandom(seed);
    }

    /** The generator the ETL query runs with: 20 sensors, 5% of readings out of range, 2% duplicates. */
    public static SenmlRecordGenerator standard() {
        return standard(STANDARD_SEED);
    }

    /** The standard generator ({@link #standard()}) with another seed. */
    public static SenmlRecordGenerator standard(long seed) {
        return new SenmlRecordGenerator(seed, 20, 0.05, 0.02);
    }

    /** The next record, in the generator's deterministic order. */
    public String next() {
        if (made > 0 && random.nextDouble() < duplicateShare) {
            int back = random.nextInt((int) Math.min(made, recent.length));
            return recent[(int) ((made - 1 - back) % recent.length)];
        }
        String record = record(made);
        recent[(int) (made % recent.length)] = record;
        made++;
        return record;
    }

    private String record(long id) {
        int sensor = (int) (id % sensors);
        long timeMs = FIRST_TIME_MS + (id / sensors) * 1000;
        StringBuilder json = new StringBuilder(256);
        json.append("{\"bn\":\"urn:dev:sensor-").append(sensor).append(":\",\"bt\":").append(timeMs)
                .append(",\"e\":[{\"n\":\"msgid\",\"sv\":\"m").append(id).append("\"}");
        for (SensorFields.Field field : SensorFields.ALL) {
            double span = field.max() - field.min();
            double value = random.nextDouble() < outOfRangeShare
                    ? field.max() + span * (0.1 + random.nextDouble())
                    : field.min() + span * (0.2 + 0.6 * random.nextDouble());
            json.append(",{\"n\":\"").append(field.name()).append("\",\"u\":\"").append(field.unit())
                    .append("\",\"v\":").append(String.format(Locale.ROOT, "%.2f", value)).append('}');
        }
        return json.append("]}").toString();
    }
}
