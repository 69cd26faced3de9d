package dev.lachesis.experiments.measure;

import java.util.Objects;

/**
 * What the sinks of one query JVM saw in one reporting interval: the tuples that arrived, their
 * latency inside the SPE (arrival − emission by the source into the SPE) and their end-to-end latency
 * (arrival − production time, which includes the wait inside the source), as the 2023 paper defines
 * them. The query JVM prints one per line on standard output ({@link #toLine()}), whichever SPE runs
 * it, and the demo and the benchmark harness read them back.
 * Immutable once built.
 *
 * @param endEpochMillis when the interval ended
 * @param latency latency inside the SPE, µs
 * @param endToEnd end-to-end latency, µs
 */
public record SinkReport(long endEpochMillis, LatencyHistogram latency, LatencyHistogram endToEnd) {
    /** The first word of a report line. */
    public static final String PREFIX = "SINK";

    public SinkReport {
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(endToEnd, "endToEnd");
    }

    /** Tuples that arrived in the interval. */
    public long tuples() {
        return latency.count();
    }

    /** {@code SINK <endEpochMillis> <latency> <end-to-end>}, histograms as {@link LatencyHistogram#encode()}. */
    public String toLine() {
        return PREFIX + " " + endEpochMillis + " " + latency.encode() + " " + endToEnd.encode();
    }

    /**
     * Reads a line {@link #toLine()} wrote.
     *
     * @throws IllegalArgumentException quoting the line when it is not a sink report
     */
    public static SinkReport parse(String line) {
        String[] words = line.trim().split(" ");
        if (words.length != 4 || !words[0].equals(PREFIX)) {
            throw new IllegalArgumentException("'" + line + "' is not '" + PREFIX + " <epoch ms> <latency> <end-to-end>'");
        }
        try {
            return new SinkReport(Long.parseLong(words[1]), LatencyHistogram.parse(words[2]),
                    LatencyHistogram.parse(words[3]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + line + "' has no epoch time after " + PREFIX, e);
        }
    }
}
