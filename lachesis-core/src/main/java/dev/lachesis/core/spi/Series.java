package dev.lachesis.core.spi;

import java.util.List;
import java.util.Objects;

/**
 * A named series of points over the query window, as a metric source returns it. Immutable.
 *
 * @param name the full series name (e.g. {@code storm.worker.topo-1.host.split.3.6700-receive-queue-population})
 * @param points in time order; empty buckets are {@link DataPoint#missing} points
 */
public record Series(String name, List<DataPoint> points) {
    public Series {
        Objects.requireNonNull(name, "name");
        points = List.copyOf(points);
    }
}
