package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.StampedReport;
import dev.lachesis.experiments.measure.EpochMicros;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Linear Road's dispatcher: reads each Kafka value as a {@link StampedReport} and passes its position
 * report on, stamped with the time it left the source (the dispatcher's clock stands in for the
 * source's: the Kafka source stamps nothing). Values that are not stamped position reports are
 * dropped, logged once.
 */
public final class DispatchFunction extends RichFlatMapFunction<String, LrEvent> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(DispatchFunction.class);
    private transient boolean warned;

    @Override
    public void flatMap(String value, Collector<LrEvent> out) {
        StampedReport stamped;
        try {
            stamped = StampedReport.parse(value);
        } catch (IllegalArgumentException e) {
            if (!warned) {
                warned = true;
                LOG.warn("Dropping values that are not stamped position reports, such as: {}", e.getMessage());
            }
            return;
        }
        PositionReport report = stamped.report();
        LrEvent event = new LrEvent();
        event.producedAtMicros = stamped.producedAtMicros();
        event.emittedAtMicros = EpochMicros.now();
        event.xway = report.xway();
        event.report = report;
        out.collect(event);
    }
}
