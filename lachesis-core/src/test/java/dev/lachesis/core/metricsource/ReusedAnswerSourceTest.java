package dev.lachesis.core.metricsource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReusedAnswerSourceTest {
    private static final Duration WINDOW = Duration.ofSeconds(10);

    private final FixedMetricSource graphite = FixedMetricSource.of(
            new Series("storm.a.queue", List.of(new DataPoint(100, 5))),
            new Series("flink.b.queue", List.of(new DataPoint(100, 7))));
    private final ManualClock clock = new ManualClock(Instant.ofEpochSecond(100));
    private final ReusedAnswerSource source = new ReusedAnswerSource(graphite, Duration.ofMillis(500), clock);

    @Test
    void roundsCloserThanTheIntervalReuseTheAnswerAndLaterOnesAskAgain() throws Exception {
        List<Series> first = source.query(List.of("storm.*.queue"), WINDOW);
        clock.advance(Duration.ofMillis(100));
        assertThat(source.query(List.of("storm.*.queue"), WINDOW)).isEqualTo(first);
        clock.advance(Duration.ofMillis(300));
        source.query(List.of("storm.*.queue"), WINDOW);
        assertThat(graphite.queries()).hasSize(1);

        clock.advance(Duration.ofMillis(100));
        source.query(List.of("storm.*.queue"), WINDOW);
        assertThat(graphite.queries()).hasSize(2);
    }

    @Test
    void twoSpesSharingTheSourceEachGetTheirOwnAnswer() throws Exception {
        List<Series> storm = source.query(List.of("storm.*.queue"), WINDOW);
        List<Series> flink = source.query(List.of("flink.*.queue"), WINDOW);
        clock.advance(Duration.ofMillis(100));

        assertThat(source.query(List.of("storm.*.queue"), WINDOW)).isEqualTo(storm).extracting(Series::name)
                .containsExactly("storm.a.queue");
        assertThat(source.query(List.of("flink.*.queue"), WINDOW)).isEqualTo(flink).extracting(Series::name)
                .containsExactly("flink.b.queue");
        assertThat(graphite.queries()).hasSize(2);
        source.query(List.of("storm.*.queue"), Duration.ofSeconds(20));
        assertThat(graphite.queries()).hasSize(3);
    }

    @Test
    void aFailedQueryIsAskedAgainNextRound() throws Exception {
        graphite.failWith(new MetricSourceException("graphite is down"));
        assertThatThrownBy(() -> source.query(List.of("storm.*.queue"), WINDOW)).hasMessage("graphite is down");
        graphite.failWith(null);
        clock.advance(Duration.ofMillis(100));

        assertThat(source.query(List.of("storm.*.queue"), WINDOW)).extracting(Series::name).containsExactly("storm.a.queue");
        assertThat(graphite.queries()).hasSize(2);
    }

    @Test
    void aZeroIntervalAsksEveryTime() throws Exception {
        ReusedAnswerSource everyTime = new ReusedAnswerSource(graphite, Duration.ZERO, clock);
        everyTime.query(List.of("storm.*.queue"), WINDOW);
        everyTime.query(List.of("storm.*.queue"), WINDOW);
        assertThat(graphite.queries()).hasSize(2);
    }
}
