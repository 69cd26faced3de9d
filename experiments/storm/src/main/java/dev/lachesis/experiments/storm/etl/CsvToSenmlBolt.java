package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.etl.CsvToSenml;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** ETL's CSV-to-SenML operator: each annotated row becomes a SenML pack ({@link CsvToSenml}). */
final class CsvToSenmlBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient CsvToSenml converter;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        converter = new CsvToSenml();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        collector.emit(TimedTuples.timed(input, TimedTuples.own(input, 0),
                converter.convert((String) TimedTuples.own(input, 1))));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(EtlTuples.ROW);
    }
}
