package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.shapes.Fanout;
import dev.lachesis.sources.flink.StampedLine;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fanout job's parse: finds each replayed record's message id ({@link Fanout#parse}), keys the
 * record by it and sends it down its branch ({@link Fanout#branch}): the heavy branch on the main
 * output, medium and the light filter on the side outputs {@link #MEDIUM} and {@link #LIGHT_FILTER}.
 */
final class FanoutSplitFunction extends ProcessFunction<StampedLine, ShapeRecord> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FanoutSplitFunction.class);

    /** The medium branch's records. */
    static final OutputTag<ShapeRecord> MEDIUM = new OutputTag<>(Fanout.Step.MEDIUM.operator(),
            TypeInformation.of(ShapeRecord.class));
    /** The light filter's records. */
    static final OutputTag<ShapeRecord> LIGHT_FILTER = new OutputTag<>(Fanout.Step.LIGHT_FILTER.operator(),
            TypeInformation.of(ShapeRecord.class));

    private transient boolean warned;

    @Override
    public void processElement(StampedLine line, Context ctx, Collector<ShapeRecord> out) {
        long key;
        try {
            key = Fanout.key(Fanout.parse(line.line));
        } catch (IllegalArgumentException e) {
            if (!warned) {
                warned = true;
                LOG.warn("Dropping records without a message id, such as {}", e.getMessage());
            }
            return;
        }
        ShapeRecord record = new ShapeRecord(line.producedAtMillis * 1000, line.emittedAtMicros, key, 0, key);
        switch (Fanout.branch(key)) {
            case HEAVY -> out.collect(record);
            case MEDIUM -> ctx.output(MEDIUM, record);
            case LIGHT_FILTER -> ctx.output(LIGHT_FILTER, record);
            default -> throw new IllegalStateException("no branch starts with " + Fanout.branch(key));
        }
    }
}
