package dev.lachesis.experiments.flink.etl;

import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.metrics.Counter;
import org.apache.flink.util.Collector;

/**
 * Stands in for RIoTBench's publishers (ETL's MQTT publish, STATS's chart upload), the job's second
 * end: encodes each row (a SenML pack, a chart) as the UTF-8 payload a publish would send and counts messages and bytes (operator counters
 * {@code published} and {@code published-bytes}), with no broker to wait for. Emits nothing.
 */
public final class PublishFunction extends RichFlatMapFunction<EtlRow, EtlRow> {
    private static final long serialVersionUID = 1L;
    private transient Counter published;
    private transient Counter publishedBytes;

    @Override
    public void open(OpenContext openContext) {
        published = getRuntimeContext().getMetricGroup().counter("published");
        publishedBytes = getRuntimeContext().getMetricGroup().counter("published-bytes");
    }

    @Override
    public void flatMap(EtlRow row, Collector<EtlRow> out) {
        publishedBytes.inc(row.row.getBytes(StandardCharsets.UTF_8).length);
        published.inc();
    }
}
