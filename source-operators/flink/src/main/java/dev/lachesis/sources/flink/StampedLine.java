package dev.lachesis.sources.flink;

import java.util.Objects;

/**
 * A line from a replayed file with its production time and its ingestion time, as a Flink POJO so
 * it travels between operators with Flink's own serializer. A sink measures end-to-end latency as
 * its clock minus {@link #producedAtMillis} (the same time is the record's Flink timestamp), and
 * the latency inside Flink as its clock minus {@link #emittedAtMicros}, which leaves out the wait in
 * the source's backlog. Mutable, as Flink POJOs are; not thread-safe.
 */
public class StampedLine {
    /** The line, without its line break. */
    public String line;
    /** Production time, milliseconds since the epoch. */
    public long producedAtMillis;
    /** When the source emitted it into Flink, microseconds since the epoch; 0 if not set. */
    public long emittedAtMicros;

    /** For Flink's POJO serializer. */
    public StampedLine() {
    }

    /** A line produced at {@code producedAtMillis}, not yet emitted. */
    public StampedLine(String line, long producedAtMillis) {
        this(line, producedAtMillis, 0);
    }

    /** A line produced at {@code producedAtMillis} and emitted into Flink at {@code emittedAtMicros}. */
    public StampedLine(String line, long producedAtMillis, long emittedAtMicros) {
        this.line = line;
        this.producedAtMillis = producedAtMillis;
        this.emittedAtMicros = emittedAtMicros;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StampedLine that && producedAtMillis == that.producedAtMillis
                && emittedAtMicros == that.emittedAtMicros && Objects.equals(line, that.line);
    }

    @Override
    public int hashCode() {
        return Objects.hash(line, producedAtMillis, emittedAtMicros);
    }

    @Override
    public String toString() {
        return "StampedLine[" + line + " @" + producedAtMillis + " ms, emitted " + emittedAtMicros + " µs]";
    }
}
