package dev.lachesis.core.metricsource;

import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A metric source asked at most once per {@code interval} for the same query: a query repeated
 * sooner gets the answer of the last one. Graphite's points are a second apart and the SPEs' reporters
 * publish once a second at most, so a daemon scheduling every 100 ms asked the same question ten
 * times a second and parsed the same answer each time (HTTP and JSON were a fifth of a round's CPU,
 * issue 45). Each query (patterns and window) has its own answer, so SPEs sharing one source do not
 * evict each other's; the answers of the {@value #KEPT} queries asked last are kept. A failed query
 * keeps nothing, so the next round asks again. Called from the main loop's thread only.
 */
public final class ReusedAnswerSource extends ForwardingMetricSource {
    static final int KEPT = 8;

    private final Duration interval;
    private final Clock clock;
    private final Map<Query, Answer> answers = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Query, Answer> eldest) {
            return size() > KEPT;
        }
    };

    /** @param interval how long an answer is reused; {@link Duration#ZERO} asks every time */
    public ReusedAnswerSource(MetricSource source, Duration interval, Clock clock) {
        super(source);
        this.interval = Objects.requireNonNull(interval, "interval");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException {
        Query query = new Query(List.copyOf(patterns), window);
        Instant now = clock.instant();
        Answer kept = answers.remove(query);
        if (kept != null && Duration.between(kept.at(), now).compareTo(interval) < 0) {
            answers.put(query, kept);
            return kept.series();
        }
        List<Series> series = super.query(patterns, window);
        answers.put(query, new Answer(now, series));
        return series;
    }

    private record Query(List<String> patterns, Duration window) {
    }

    private record Answer(Instant at, List<Series> series) {
    }
}
