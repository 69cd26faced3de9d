package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.shapes.ShapeStep;
import dev.lachesis.experiments.storm.LatencySink;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * The tuple layout of the fanout and chain topologies: the record's production time and the time
 * its source emitted it into Storm (epoch µs, named as {@link LatencySink} reads them), then the
 * key, part and digest every {@link ShapeStep} takes and emits. Stateless.
 */
final class ShapeTuples {
    static final String KEY = "key";
    static final String PART = "part";
    static final String DIGEST = "digest";

    /** The fields of every tuple of the two topologies. */
    static final Fields FIELDS = new Fields(LatencySink.PRODUCED_AT_FIELD, LatencySink.EMITTED_AT_FIELD, KEY, PART,
            DIGEST);

    private ShapeTuples() {
    }

    /** A tuple produced at {@code producedAtMicros} and emitted into Storm at {@code emittedAtMicros}. */
    static Values of(long producedAtMicros, long emittedAtMicros, long key, int part, long digest) {
        return new Values(producedAtMicros, emittedAtMicros, key, part, digest);
    }

    /** {@code input}'s timing and key with another part and digest. */
    static Values next(Tuple input, int part, long digest) {
        return of(input.getLong(0), input.getLong(1), input.getLong(2), part, digest);
    }
}
