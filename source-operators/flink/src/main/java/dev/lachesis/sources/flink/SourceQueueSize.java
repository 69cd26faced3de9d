package dev.lachesis.sources.flink;

import java.util.function.LongSupplier;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

/**
 * Registers a source reader's backlog as the operator gauge {@value #NAME}, so it reaches
 * Graphite through the job's own reporters with the operator's other metrics. The value is
 * records: what waits in the source's buffer plus what waits for it outside (in Kafka, or due
 * from a replayed file). Not instantiable.
 */
public final class SourceQueueSize {
    /** The metric's name, the same on Storm and Flink. */
    public static final String NAME = "source-queue-size";

    private SourceQueueSize() {
    }

    /** Registers {@code backlog} in a source reader's operator metric group. */
    public static void register(MetricGroup group, LongSupplier backlog) {
        group.gauge(NAME, (Gauge<Long>) backlog::getAsLong);
    }
}
