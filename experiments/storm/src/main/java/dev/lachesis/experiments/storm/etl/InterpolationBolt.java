package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.etl.Interpolator;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** ETL's interpolation: fills missing readings per sensor ({@link Interpolator}). */
final class InterpolationBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient Interpolator interpolator;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        interpolator = new Interpolator();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String sensor = (String) TimedTuples.own(input, 1);
        long timeMs = (Long) TimedTuples.own(input, 2);
        String field = (String) TimedTuples.own(input, 3);
        double value = interpolator.fill(sensor, field, timeMs, (Double) TimedTuples.own(input, 4));
        collector.emit(TimedTuples.timed(input, TimedTuples.own(input, 0), sensor, timeMs, field, value,
                TimedTuples.own(input, 5)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(EtlTuples.READING);
    }
}
