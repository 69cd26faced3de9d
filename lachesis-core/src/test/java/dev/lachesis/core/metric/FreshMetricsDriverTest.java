package dev.lachesis.core.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.metricsource.WatchedMetricSource;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.spi.SpeDriver;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreshMetricsDriverTest {
    private static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");
    private final List<Series> answer = new ArrayList<>();
    private final MetricSource graphite = new MetricSource() {
        @Override
        public List<Series> query(Collection<String> patterns, Duration window) {
            return answer;
        }

        @Override
        public String describe() {
            return "http://graphite";
        }
    };
    private final WatchedMetricSource watched = new WatchedMetricSource(graphite);

    /** A driver that reads {@code a.*} from the source in its fetch when {@code queries}. */
    private FreshMetricsDriver driver(boolean queries) {
        SpeDriver inner = new SpeDriver() {
            @Override
            public SpeState refresh() {
                return new SpeState("storm", "storm", List.of(), List.of(), List.of(), List.of(), NOW);
            }

            @Override
            public Set<String> providedMetrics() {
                return Set.of();
            }

            @Override
            public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) throws DriverException {
                if (queries) {
                    try {
                        watched.query(List.of("a.*"), Duration.ofSeconds(10));
                    } catch (MetricSourceException e) {
                        throw new DriverException(e.getMessage(), e);
                    }
                }
                return Map.of();
            }
        };
        return new FreshMetricsDriver(inner, watched, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private void round(FreshMetricsDriver driver) throws DriverException {
        driver.fetch(driver.refresh(), Set.of());
    }

    @Test
    void aRoundWithAFreshPointPasses() throws DriverException {
        answer.add(new Series("a.b", List.of(DataPoint.missing(NOW.getEpochSecond() - 1),
                new DataPoint(NOW.getEpochSecond() - 2, 4))));

        round(driver(true));
    }

    @Test
    void noSeriesNoValueAndOldValuesEachSayWhich() {
        FreshMetricsDriver driver = driver(true);
        assertThatThrownBy(() -> round(driver)).hasMessage("no series at http://graphite matches its metric patterns"
                + " ('a.*'): its reporters have sent nothing yet, or report under other names");

        answer.add(new Series("a.b", List.of(DataPoint.missing(NOW.getEpochSecond()))));
        assertThatThrownBy(() -> round(driver)).hasMessage("none of its 1 series at http://graphite has a value in the"
                + " last 10s: its reporters stopped sending");

        answer.set(0, new Series("a.b", List.of(new DataPoint(NOW.getEpochSecond() - 600, 4))));
        assertThatThrownBy(() -> round(driver)).hasMessage("the newest point of its metrics at http://graphite is 600 s"
                + " old (window 10s)");
    }

    @Test
    void aDriverThatDidNotAskTheSourceIsNotJudged() throws DriverException {
        round(driver(false));

        assertThat(watched.queried()).isFalse();
    }
}
