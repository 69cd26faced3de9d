package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.experiments.measure.SinkStats;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.metrics.Counter;
import org.apache.flink.util.Collector;

/**
 * The end of the ETL and STATS jobs, measuring as the Storm queries' sink does: each record's latency inside
 * Flink (now − the time the source emitted it) and end to end (now − its production time) go to
 * this JVM's {@link SinkStats}, which the cluster prints as {@code SINK} lines, and the operator
 * counter {@code completed} counts them. Emits nothing.
 */
public final class LatencySinkFunction extends RichFlatMapFunction<EtlRow, EtlRow> {
    private static final long serialVersionUID = 1L;
    private transient Counter completed;

    @Override
    public void open(OpenContext openContext) {
        completed = getRuntimeContext().getMetricGroup().counter("completed");
    }

    @Override
    public void flatMap(EtlRow row, Collector<EtlRow> out) {
        long nowMicros = EpochMicros.now();
        SinkStats.jvm().record(nowMicros - row.emittedAtMicros, nowMicros - row.producedAtMicros);
        completed.inc();
    }
}
