package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.flink.etl.EtlRow;
import dev.lachesis.experiments.lr.TollNotifier;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Linear Road's toll notification ({@link TollNotifier}), fed the reports, LAVs, vehicle counts and
 * accidents as one union: one row per vehicle entering a segment, with the toll, timed by the report.
 */
public final class TollNotificationFunction extends RichFlatMapFunction<LrEvent, EtlRow> {
    private static final long serialVersionUID = 1L;
    private transient TollNotifier notifier;

    @Override
    public void open(OpenContext openContext) {
        notifier = new TollNotifier();
    }

    @Override
    public void flatMap(LrEvent event, Collector<EtlRow> out) {
        if (event.report != null) {
            notifier.position(event.report).ifPresent(toll -> out.collect(EtlRow.of(event.producedAtMicros,
                    event.emittedAtMicros, LrJob.TOLL, toll.toString())));
        } else if (event.lav != null) {
            notifier.lav(event.lav);
        } else if (event.count != null) {
            notifier.count(event.count);
        } else if (event.accident != null) {
            notifier.accident(event.accident);
        }
    }
}
