package dev.lachesis.sources.flink;

import java.util.Objects;

/**
 * A line from a replayed file with its production time, as a Flink POJO so it travels between
 * operators with Flink's own serializer. A sink measures end-to-end latency as its clock minus
 * {@link #producedAtMillis}; the same time is the record's Flink timestamp. Mutable, as Flink POJOs
 * are; not thread-safe.
 */
public class StampedLine {
    /** The line, without its line break. */
    public String line;
    /** Production time, milliseconds since the epoch. */
    public long producedAtMillis;

    /** For Flink's POJO serializer. */
    public StampedLine() {
    }

    /** A line produced at {@code producedAtMillis}. */
    public StampedLine(String line, long producedAtMillis) {
        this.line = line;
        this.producedAtMillis = producedAtMillis;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StampedLine that && producedAtMillis == that.producedAtMillis
                && Objects.equals(line, that.line);
    }

    @Override
    public int hashCode() {
        return Objects.hash(line, producedAtMillis);
    }

    @Override
    public String toString() {
        return "StampedLine[" + line + " @" + producedAtMillis + "]";
    }
}
