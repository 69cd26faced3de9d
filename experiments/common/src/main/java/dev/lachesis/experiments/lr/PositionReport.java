package dev.lachesis.experiments.lr;

/**
 * A Linear Road position report (Arasu et al., VLDB 2004, §3.1): every vehicle on the expressways
 * reports every 30 s its speed and where it is. Written and read as the benchmark's comma-separated
 * line of type 0, {@code 0,<time>,<vid>,<speed>,<xway>,<lane>,<dir>,<seg>,<pos>} (further fields,
 * which the benchmark's other request types use, are ignored). Immutable.
 *
 * @param time seconds since the simulation started
 * @param vid the vehicle
 * @param speed miles per hour, 0 to 100
 * @param xway the expressway
 * @param lane 0 the entrance ramp, 1 to 3 the travel lanes, 4 the exit ramp
 * @param dir 0 eastbound (positions grow), 1 westbound
 * @param seg the mile-long segment, {@code pos / 5280}
 * @param pos feet from the expressway's west end
 */
public record PositionReport(int time, int vid, int speed, int xway, int lane, int dir, int seg, int pos) {
    /** The exit ramp's lane: a vehicle there leaves the expressway and pays no toll for the segment. */
    public static final int EXIT_LANE = 4;
    /** Feet in a segment. */
    public static final int SEGMENT_FEET = 5280;
    private static final String[] FIELDS = {"type", "time", "vid", "speed", "xway", "lane", "dir", "seg", "pos"};

    /** The benchmark's minute number: 1 for the first 60 s. */
    public int minute() {
        return time / 60 + 1;
    }

    /** The segment of the expressway, in its direction, the vehicle is in. */
    public SegmentId segment() {
        return new SegmentId(xway, dir, seg);
    }

    /** The benchmark's line for this report. */
    public String line() {
        return "0," + time + "," + vid + "," + speed + "," + xway + "," + lane + "," + dir + "," + seg + "," + pos;
    }

    /**
     * Whether {@code line} is a position report (type 0) rather than one of the benchmark's requests,
     * which this query does not answer.
     */
    public static boolean isPositionReport(String line) {
        return line.startsWith("0,");
    }

    /**
     * The report in {@code line}.
     *
     * @throws IllegalArgumentException naming the field that is missing or not a number, or a line of another type
     */
    public static PositionReport parse(String line) {
        String[] parts = line.split(",", -1);
        if (parts.length < FIELDS.length) {
            throw new IllegalArgumentException("'" + line + "' has " + parts.length + " fields but a position report has "
                    + FIELDS.length + " (" + String.join(",", FIELDS) + ")");
        }
        int[] values = new int[FIELDS.length];
        for (int i = 0; i < FIELDS.length; i++) {
            try {
                values[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + line + "': field " + FIELDS[i] + " was '" + parts[i]
                        + "' but must be a whole number", e);
            }
        }
        if (values[0] != 0) {
            throw new IllegalArgumentException("'" + line + "' is of type " + values[0] + ", not a position report (0)");
        }
        return new PositionReport(values[1], values[2], values[3], values[4], values[5], values[6], values[7], values[8]);
    }
}
