package dev.lachesis.experiments.measure;

/**
 * What the source of a query JVM took in during one reporting interval ({@link SourceStats}), printed
 * on standard output right after the interval's {@link SinkReport} as {@code SOURCE <endEpochMillis>
 * <records>}. Queries that do not count their source print none. Immutable.
 *
 * @param endEpochMillis when the interval ended, the same as its sink report's
 * @param records records the source took in during the interval
 */
public record SourceReport(long endEpochMillis, long records) {
    /** The first word of a report line. */
    public static final String PREFIX = "SOURCE";

    public SourceReport {
        if (records < 0) {
            throw new IllegalArgumentException("a source cannot take in " + records + " records");
        }
    }

    /** {@code SOURCE <endEpochMillis> <records>}. */
    public String toLine() {
        return PREFIX + " " + endEpochMillis + " " + records;
    }

    /**
     * Reads a line {@link #toLine()} wrote.
     *
     * @throws IllegalArgumentException quoting the line when it is not a source report
     */
    public static SourceReport parse(String line) {
        String[] words = line.trim().split(" ");
        if (words.length != 3 || !words[0].equals(PREFIX)) {
            throw new IllegalArgumentException("'" + line + "' is not '" + PREFIX + " <epoch ms> <records>'");
        }
        try {
            return new SourceReport(Long.parseLong(words[1]), Long.parseLong(words[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + line + "' is not '" + PREFIX + " <epoch ms> <records>'", e);
        }
    }
}
