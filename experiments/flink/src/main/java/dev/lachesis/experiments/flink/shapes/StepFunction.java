package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.shapes.ShapeStep;
import java.util.Objects;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Runs one synthetic operator of the fanout, chain or SYN jobs ({@link ShapeStep}) on each record
 * and emits what the step emits, with the record's timing and key. Its step is an enum constant or a
 * serialisable record, so the function serialises as Flink requires.
 */
final class StepFunction implements FlatMapFunction<ShapeRecord, ShapeRecord> {
    private static final long serialVersionUID = 1L;
    private final ShapeStep step;

    StepFunction(ShapeStep step) {
        this.step = Objects.requireNonNull(step, "step");
    }

    @Override
    public void flatMap(ShapeRecord record, Collector<ShapeRecord> out) {
        step.apply(record.key, record.part, record.digest, (part, digest) -> out.collect(record.next(part, digest)));
    }
}
