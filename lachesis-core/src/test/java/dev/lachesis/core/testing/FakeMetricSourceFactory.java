package dev.lachesis.core.testing;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Series;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/** {@code source: fake-source}: a metric source with no series. */
public final class FakeMetricSourceFactory implements MetricSourceFactory {
    @Override
    public String name() {
        return "fake-source";
    }

    @Override
    public MetricSource create(ConfigNode config) {
        return new MetricSource() {
            @Override
            public List<Series> query(Collection<String> patterns, Duration window) {
                return List.of();
            }

            @Override
            public String describe() {
                return "fake";
            }
        };
    }
}
