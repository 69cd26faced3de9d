package dev.lachesis.core.metricsource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FixedMetricSourceTest {
    private final FixedMetricSource source = FixedMetricSource.of(new Series("s.a.q", List.of(new DataPoint(1, 2))),
            new Series("s.b.q", List.of()), new Series("t.a.q", List.of()));

    @Test
    void answersTheMatchingSeriesOnceAndRecordsTheQuery() throws Exception {
        assertThat(source.query(List.of("s.*.q", "s.a.q"), Duration.ofSeconds(10))).extracting(Series::name)
                .containsExactly("s.a.q", "s.b.q");
        assertThat(source.queries()).containsExactly(
                new FixedMetricSource.Query(List.of("s.*.q", "s.a.q"), Duration.ofSeconds(10)));
    }

    @Test
    void failsWhenToldTo() {
        source.failWith(new MetricSourceException("down"));

        assertThatThrownBy(() -> source.query(List.of("*"), Duration.ofSeconds(1))).hasMessage("down");
    }
}
