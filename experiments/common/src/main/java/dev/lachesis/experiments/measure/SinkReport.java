package dev.lachesis.experiments.measure;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What the sinks of one query JVM saw in one reporting interval: the tuples that arrived, their
 * latency inside the SPE (arrival − emission by the source into the SPE) and their end-to-end latency
 * (arrival − production time, which includes the wait inside the source), as the 2023 paper defines
 * them; and how many records the query's sources emitted into the SPE in the same interval
 * ({@link SourceStats}), when they count. The query JVM prints one per line on standard output
 * ({@link #toLine()}), whichever SPE runs it, and the demo and the benchmark harness read them back.
 * Immutable once built.
 *
 * @param endEpochMillis when the interval ended
 * @param latency latency inside the SPE, µs
 * @param endToEnd end-to-end latency, µs
 * @param sourceTuples records the sources emitted into the SPE in the interval; empty when no source counts
 */
public record SinkReport(long endEpochMillis, LatencyHistogram latency, LatencyHistogram endToEnd,
                         OptionalLong sourceTuples) {
    /** The first word of a report line. */
    public static final String PREFIX = "SINK";
    /** The last word of a report line whose sources do not count. */
    private static final String UNCOUNTED = "-";

    public SinkReport {
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(endToEnd, "endToEnd");
        Objects.requireNonNull(sourceTuples, "sourceTuples");
    }

    /** A report of sinks only: the sources do not count. */
    public SinkReport(long endEpochMillis, LatencyHistogram latency, LatencyHistogram endToEnd) {
        this(endEpochMillis, latency, endToEnd, OptionalLong.empty());
    }

    /** Tuples that arrived in the interval. */
    public long tuples() {
        return latency.count();
    }

    /** This report with the sources' count of the same interval. */
    public SinkReport withSourceTuples(OptionalLong emitted) {
        return new SinkReport(endEpochMillis, latency, endToEnd, emitted);
    }

    /**
     * {@code SINK <endEpochMillis> <latency> <end-to-end> <source tuples>}, histograms as
     * {@link LatencyHistogram#encode()}, the source count {@code -} when the sources do not count.
     */
    public String toLine() {
        return PREFIX + " " + endEpochMillis + " " + latency.encode() + " " + endToEnd.encode() + " "
                + (sourceTuples.isPresent() ? Long.toString(sourceTuples.getAsLong()) : UNCOUNTED);
    }

    /**
     * Reads a line {@link #toLine()} wrote, or one without the source count (written before sources
     * counted), which reads as uncounted.
     *
     * @throws IllegalArgumentException quoting the line when it is not a sink report
     */
    public static SinkReport parse(String line) {
        String[] words = line.trim().split(" ");
        if (words.length < 4 || words.length > 5 || !words[0].equals(PREFIX)) {
            throw new IllegalArgumentException("'" + line + "' is not '" + PREFIX
                    + " <epoch ms> <latency> <end-to-end> [<source tuples>]'");
        }
        long end;
        try {
            end = Long.parseLong(words[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + line + "' has no epoch time after " + PREFIX, e);
        }
        OptionalLong source = OptionalLong.empty();
        if (words.length == 5 && !words[4].equals(UNCOUNTED)) {
            try {
                source = OptionalLong.of(Long.parseLong(words[4]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + line + "' ends in '" + words[4]
                        + "', not a count of source tuples or " + UNCOUNTED, e);
            }
        }
        return new SinkReport(end, LatencyHistogram.parse(words[2]), LatencyHistogram.parse(words[3]), source);
    }
}
