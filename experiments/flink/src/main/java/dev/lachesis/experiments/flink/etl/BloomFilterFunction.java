package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.etl.DuplicateFilter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * ETL's Bloom filter: drops readings of a record seen before (same message id and field). The
 * filter lives in the subtask, not in Flink state, as in the Storm query: the job keeps no state
 * across restarts.
 */
final class BloomFilterFunction extends RichFlatMapFunction<EtlReading, EtlReading> {
    private static final long serialVersionUID = 1L;
    private static final int GENERATION = 1 << 20;
    private transient DuplicateFilter seen;

    @Override
    public void open(OpenContext openContext) {
        seen = new DuplicateFilter(GENERATION, 1e-4);
    }

    @Override
    public void flatMap(EtlReading reading, Collector<EtlReading> out) {
        if (seen.firstTime(reading.msgId + "/" + reading.field)) {
            out.collect(reading);
        }
    }
}
