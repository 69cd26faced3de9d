package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.etl.SensorFields;
import dev.lachesis.experiments.storm.TimedTuples;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * ETL's range filter: a reading outside its field's range in {@link SensorFields} loses its value
 * (NaN, for the interpolation to fill); a reading of a field the table lacks is dropped.
 */
final class RangeFilterBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        SensorFields.Field field = SensorFields.named((String) TimedTuples.own(input, 3));
        if (field == null) {
            return;
        }
        double value = (Double) TimedTuples.own(input, 4);
        collector.emit(TimedTuples.timed(input, TimedTuples.own(input, 0), TimedTuples.own(input, 1),
                TimedTuples.own(input, 2), field.name(), field.inRange(value) ? value : Double.NaN,
                TimedTuples.own(input, 5)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(EtlTuples.READING);
    }
}
