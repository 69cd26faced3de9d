package dev.lachesis.sources.storm;

import com.codahale.metrics.Gauge;
import java.util.function.LongSupplier;
import org.apache.storm.task.TopologyContext;

/**
 * Registers a spout instance's backlog as Storm's metrics v2 gauge {@value #NAME}, so it reaches
 * Graphite through the topology's own reporters, next to the queue sizes Storm publishes. The
 * value is records: what waits in the spout's buffer plus what waits for it outside (in Kafka, or
 * due from a replayed file). Not instantiable.
 */
public final class SourceQueueSize {
    /** The metric's name, the same on Storm and Flink. */
    public static final String NAME = "source-queue-size";

    private SourceQueueSize() {
    }

    /** Registers {@code backlog} for the task {@code context} belongs to. */
    public static void register(TopologyContext context, LongSupplier backlog) {
        context.registerGauge(NAME, (Gauge<Long>) backlog::getAsLong);
    }
}
