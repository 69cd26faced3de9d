package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.experiments.measure.SinkStats;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.metrics.Counter;
import org.apache.flink.util.Collector;

/**
 * The end of the fanout and chain jobs, measuring as every example query's sink does: each record's
 * latency inside Flink (now − the time its source emitted it) and end to end (now − its production
 * time) go to this JVM's {@link SinkStats}, and the operator counter {@code completed} counts them.
 * Emits nothing.
 */
final class ShapeSinkFunction extends RichFlatMapFunction<ShapeRecord, ShapeRecord> {
    private static final long serialVersionUID = 1L;
    private transient Counter completed;

    @Override
    public void open(OpenContext openContext) {
        completed = getRuntimeContext().getMetricGroup().counter("completed");
    }

    @Override
    public void flatMap(ShapeRecord record, Collector<ShapeRecord> out) {
        long nowMicros = EpochMicros.now();
        SinkStats.jvm().record(nowMicros - record.emittedAtMicros, nowMicros - record.producedAtMicros);
        completed.inc();
    }
}
