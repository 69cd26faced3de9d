package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.etl.RecordJoiner;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * ETL's join: the readings of one record become one CSV row again ({@link RecordJoiner}), carrying
 * the timing of the record's last reading; keyed by message id.
 */
final class JoinFunction extends RichFlatMapFunction<EtlReading, EtlRow> {
    private static final long serialVersionUID = 1L;
    private static final int PENDING_RECORDS = 100_000;
    private transient RecordJoiner joiner;

    @Override
    public void open(OpenContext openContext) {
        joiner = new RecordJoiner(PENDING_RECORDS);
    }

    @Override
    public void flatMap(EtlReading r, Collector<EtlRow> out) {
        joiner.add(r.msgId, r.sensor, r.timeMs, r.field, r.value, r.readings)
                .ifPresent(row -> out.collect(new EtlRow(r, r.msgId, row)));
    }
}
