package dev.lachesis.core.spi;

import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * Where the SPEs' raw metrics are read back from: a Graphite server, or the embedded store. Drivers
 * ask for raw series by Graphite glob ({@code *}, {@code {a,b}}, {@code [0-9]}) and aggregate in
 * Java, so nothing depends on which Graphite functions a server has. Thread-safe.
 */
public interface MetricSource extends AutoCloseable {
    /**
     * Every series matching any of the patterns, with its points over the last {@code window}, in
     * one request.
     *
     * @throws MetricSourceException naming the source and the patterns when it cannot answer
     */
    List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException;

    /**
     * How far back a round's query looks unless a driver needs another span: the {@code window} the
     * configuration chose (10 s by default, as in the papers).
     */
    default Duration defaultWindow() {
        return Duration.ofSeconds(10);
    }

    /** Where the metrics come from, for messages (a URL, or {@code embedded}). */
    String describe();

    @Override
    default void close() {
    }
}
