package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.shapes.ShapeStep;

/**
 * A record of the fanout and chain jobs: its production time and the time its source emitted it into
 * Flink (epoch µs, for the sink's latencies), then the key, part and digest every {@link ShapeStep}
 * takes and emits. A Flink POJO; mutable, not thread-safe.
 */
public class ShapeRecord {
    /** When the record was produced (its schedule's time), epoch microseconds. */
    public long producedAtMicros;
    /** When the source emitted it into Flink, epoch microseconds. */
    public long emittedAtMicros;
    /** The key the steps work on. */
    public long key;
    /** Which of the records one source record became this one is. */
    public int part;
    /** The result of every step so far. */
    public long digest;

    /** For Flink's POJO serializer. */
    public ShapeRecord() {
    }

    ShapeRecord(long producedAtMicros, long emittedAtMicros, long key, int part, long digest) {
        this.producedAtMicros = producedAtMicros;
        this.emittedAtMicros = emittedAtMicros;
        this.key = key;
        this.part = part;
        this.digest = digest;
    }

    /** This record's timing and key with another part and digest. */
    ShapeRecord next(int newPart, long newDigest) {
        return new ShapeRecord(producedAtMicros, emittedAtMicros, key, newPart, newDigest);
    }
}
