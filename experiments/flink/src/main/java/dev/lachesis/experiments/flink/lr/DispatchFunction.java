package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.StampedReport;
import dev.lachesis.experiments.lr.StampedReportReader;
import dev.lachesis.experiments.measure.EpochMicros;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Linear Road's dispatcher: reads each Kafka value as a {@link StampedReport} and passes its position
 * report on, stamped with the time it left the source (the dispatcher's clock stands in for the
 * source's: the Kafka source stamps nothing). Values that are not stamped position reports are
 * dropped, logged once ({@link StampedReportReader}).
 */
public final class DispatchFunction extends RichFlatMapFunction<String, LrEvent> {
    private static final long serialVersionUID = 1L;
    private transient StampedReportReader reader;

    @Override
    public void open(OpenContext openContext) {
        reader = new StampedReportReader();
    }

    @Override
    public void flatMap(String value, Collector<LrEvent> out) {
        reader.read(value).ifPresent(stamped -> {
            PositionReport report = stamped.report();
            LrEvent event = new LrEvent();
            event.producedAtMicros = stamped.producedAtMicros();
            event.emittedAtMicros = EpochMicros.now();
            event.xway = report.xway();
            event.report = report;
            out.collect(event);
        });
    }
}
