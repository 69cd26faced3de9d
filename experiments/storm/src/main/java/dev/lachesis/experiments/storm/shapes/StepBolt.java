package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.shapes.ShapeStep;
import java.util.Objects;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * A bolt that runs one synthetic operator of the fanout, chain or random-shape query ({@link ShapeStep})
 * on each tuple and emits what the step emits, with the tuple's timing and key. Its step is an enum
 * constant or a serialisable record, so the bolt serialises as Storm requires.
 */
final class StepBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private final ShapeStep step;

    StepBolt(ShapeStep step) {
        this.step = Objects.requireNonNull(step, "step");
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        step.apply(input.getLong(2), input.getInteger(3), input.getLong(4),
                (part, digest) -> collector.emit(ShapeTuples.next(input, part, digest)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(ShapeTuples.FIELDS);
    }
}
