package dev.lachesis.core.testing;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Series;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** {@code source: fake-source}: a metric source with no series, counting the ones open. */
public final class FakeMetricSourceFactory implements MetricSourceFactory {
    /** How many sources it made that are not closed yet. */
    public static final AtomicInteger OPEN = new AtomicInteger();

    @Override
    public String name() {
        return "fake-source";
    }

    @Override
    public MetricSource create(ConfigNode config) {
        OPEN.incrementAndGet();
        return new MetricSource() {
            private final AtomicBoolean closed = new AtomicBoolean();

            @Override
            public List<Series> query(Collection<String> patterns, Duration window) {
                return List.of();
            }

            @Override
            public String describe() {
                return "fake";
            }

            @Override
            public void close() {
                if (closed.compareAndSet(false, true)) {
                    OPEN.decrementAndGet();
                }
            }
        };
    }
}
