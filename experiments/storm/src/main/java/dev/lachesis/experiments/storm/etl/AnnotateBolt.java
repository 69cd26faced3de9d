package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.etl.Annotator;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** ETL's annotate operator: appends the sensor's site to each row ({@link Annotator}). */
final class AnnotateBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient Annotator annotator;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        annotator = new Annotator();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        collector.emit(TimedTuples.timed(input, TimedTuples.own(input, 0),
                annotator.annotate((String) TimedTuples.own(input, 1))));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(EtlTuples.ROW);
    }
}
