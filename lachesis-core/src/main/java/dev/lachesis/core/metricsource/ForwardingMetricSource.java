package dev.lachesis.core.metricsource;

import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The part of a metric source decorator that changes nothing: every call goes on to the wrapped
 * source. The decorators ({@link WatchedMetricSource}, {@link ReusedAnswerSource}) extend it and
 * write only what they add.
 */
public abstract class ForwardingMetricSource implements MetricSource {
    private final MetricSource source;

    protected ForwardingMetricSource(MetricSource source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    @Override
    public List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException {
        return source.query(patterns, window);
    }

    @Override
    public Duration defaultWindow() {
        return source.defaultWindow();
    }

    @Override
    public String describe() {
        return source.describe();
    }

    @Override
    public void close() {
        source.close();
    }
}
