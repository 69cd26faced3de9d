package dev.lachesis.drivers.flink;

import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.Series;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/** A metric source that has no series, for tests that never read metrics. */
final class EmptyMetricSource implements MetricSource {
    @Override
    public List<Series> query(Collection<String> patterns, Duration window) {
        return List.of();
    }

    @Override
    public String describe() {
        return "empty";
    }
}
