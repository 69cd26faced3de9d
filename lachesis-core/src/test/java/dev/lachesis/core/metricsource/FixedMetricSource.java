package dev.lachesis.core.metricsource;

import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A metric source with fixed answers for driver and provider tests (in the core test-jar): holds
 * series, answers each query with those matching its patterns by the same {@link GraphiteGlob} rules
 * as Graphite, records every query, and can be told to fail. Thread-safe.
 */
public final class FixedMetricSource implements MetricSource {
    /** One recorded query. */
    public record Query(List<String> patterns, Duration window) {
    }

    private final List<Series> series;
    private final List<Query> queries = new CopyOnWriteArrayList<>();
    private volatile MetricSourceException failure;

    public FixedMetricSource(List<Series> series) {
        this.series = List.copyOf(series);
    }

    public static FixedMetricSource of(Series... series) {
        return new FixedMetricSource(List.of(series));
    }

    /** Makes every later query throw {@code e}; null answers again. */
    public void failWith(MetricSourceException e) {
        this.failure = e;
    }

    /** Every query so far, in order. */
    public List<Query> queries() {
        return List.copyOf(queries);
    }

    @Override
    public List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException {
        queries.add(new Query(List.copyOf(patterns), window));
        MetricSourceException e = failure;
        if (e != null) {
            throw e;
        }
        Map<String, Series> found = new LinkedHashMap<>();
        for (String pattern : patterns) {
            GraphiteGlob glob = GraphiteGlob.compile(pattern);
            for (Series s : series) {
                if (glob.matches(s.name())) {
                    found.putIfAbsent(s.name(), s);
                }
            }
        }
        return new ArrayList<>(found.values());
    }

    @Override
    public String describe() {
        return "fixed";
    }
}
