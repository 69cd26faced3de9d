package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.flink.etl.EtlRow;
import dev.lachesis.experiments.lr.AccidentNotifier;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Linear Road's accident notification ({@link AccidentNotifier}), fed the reports and accidents as one
 * union: one row per vehicle entering a segment with an accident ahead, timed by the report.
 */
public final class AccidentNotificationFunction extends RichFlatMapFunction<LrEvent, EtlRow> {
    private static final long serialVersionUID = 1L;
    private transient AccidentNotifier notifier;

    @Override
    public void open(OpenContext openContext) {
        notifier = new AccidentNotifier();
    }

    @Override
    public void flatMap(LrEvent event, Collector<EtlRow> out) {
        if (event.report != null) {
            notifier.position(event.report).ifPresent(alert -> out.collect(EtlRow.of(event.producedAtMicros,
                    event.emittedAtMicros, LrJob.ACCIDENT, alert.toString())));
        } else if (event.accident != null) {
            notifier.accident(event.accident);
        }
    }
}
