package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.etl.SenmlParser;
import dev.lachesis.sources.flink.StampedLine;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SenML parse operator of ETL and STATS: one line of the file source becomes one {@link EtlReading} per
 * reading ({@link SenmlParser}), stamped with the line's production and ingestion time.
 */
public final class ParseFunction extends RichFlatMapFunction<StampedLine, EtlReading> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ParseFunction.class);
    private transient SenmlParser parser;
    private transient boolean warned;

    @Override
    public void open(OpenContext openContext) {
        parser = new SenmlParser();
    }

    @Override
    public void flatMap(StampedLine line, Collector<EtlReading> out) {
        try {
            for (SenmlParser.Reading r : parser.parse(line.line)) {
                EtlReading reading = new EtlReading();
                reading.producedAtMicros = line.producedAtMillis * 1000;
                reading.emittedAtMicros = line.emittedAtMicros;
                reading.msgId = r.msgId();
                reading.sensor = r.sensor();
                reading.timeMs = r.timeMs();
                reading.field = r.field();
                reading.value = r.value();
                reading.readings = r.readings();
                out.collect(reading);
            }
        } catch (IllegalArgumentException e) {
            if (!warned) {
                warned = true;
                LOG.warn("Dropping records that are not SenML, such as one that is {}", e.getMessage());
            }
        }
    }
}
