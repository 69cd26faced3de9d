package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.stats.DistinctCounter;
import dev.lachesis.experiments.stats.StatsParameters;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * STATS's approximate distinct count ({@link DistinctCounter}) of the sensors that sent readings,
 * over all of them (one executor, global grouping); the estimate goes on as a point of series
 * {@code distinct/sensors} once every {@link StatsParameters#BLOCK} readings.
 */
final class DistinctCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient DistinctCounter counter;
    private transient long readings;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        counter = new DistinctCounter(StatsParameters.DISTINCT_BUCKET_BITS);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        double estimate = counter.add(input.getStringByField("sensor"));
        if (++readings % StatsParameters.BLOCK == 0) {
            collector.emit(TimedTuples.timed(input, "distinct/sensors", StatsTuples.readingTime(input), estimate));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StatsTuples.POINT);
    }
}
