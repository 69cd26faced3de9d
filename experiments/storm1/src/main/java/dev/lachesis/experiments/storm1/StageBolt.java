package dev.lachesis.experiments.storm1;

import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** Runs one {@link Stage} of an example query in a Storm 1.x bolt. */
final class StageBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private final Stage stage;
    private transient Stage.Step step;

    StageBolt(Stage stage) {
        this.stage = stage;
    }

    @Override
    @SuppressWarnings("rawtypes") // Storm 1.x's signature
    public void prepare(Map conf, TopologyContext context) {
        step = stage.open(context);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        step.process(input, collector);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        if (stage.output() != null) {
            declarer.declare(stage.output());
        }
    }
}
