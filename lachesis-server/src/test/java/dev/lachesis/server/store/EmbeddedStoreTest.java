package dev.lachesis.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.testing.LogCapture;
import dev.lachesis.core.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EmbeddedStoreTest {
    private final ManualClock clock = new ManualClock(Instant.ofEpochMilli(1_000_500));
    private LogCapture logged;

    @BeforeEach
    void captureLogs() {
        logged = new LogCapture(EmbeddedStore.class);
    }

    @AfterEach
    void releaseLogs() {
        logged.close();
    }

    @Test
    void answersOnePointPerSecondOfTheWindowUpToNowWithNullsInGaps() {
        EmbeddedStore store = new EmbeddedStore(10, Duration.ofSeconds(60), clock);
        store.put("a.b", 5, 998);
        store.put("a.b", 6, 1000);
        store.put("a.b", 7, 1000);

        assertThat(store.query(List.of("a.b"), Duration.ofSeconds(3))).containsExactly(new Series("a.b",
                List.of(new DataPoint(998, 5), DataPoint.missing(999), new DataPoint(1000, 7))));
    }

    @Test
    void keepsOnlyTheRetention() {
        EmbeddedStore store = new EmbeddedStore(10, Duration.ofSeconds(5), clock);
        store.put("a", 1, 990);
        store.put("a", 2, 995);

        assertThat(store.query(List.of("a"), 990, 995)).containsExactly(new Series("a", List.of(DataPoint.missing(990),
                DataPoint.missing(991), DataPoint.missing(992), DataPoint.missing(993), DataPoint.missing(994),
                new DataPoint(995, 2))));
    }

    @Test
    void returnsEachMatchingSeriesOnceInPatternThenNameOrder() {
        EmbeddedStore store = new EmbeddedStore(10, Duration.ofSeconds(60), clock);
        for (String name : List.of("x.z.1", "x.y.2", "x.y.1", "x.w.1", "x.y", "other")) {
            store.put(name, 1, 1000);
        }

        assertThat(store.query(List.of("other", "x.{y,z}.*", "x.y.1"), Duration.ofSeconds(1)))
                .extracting(Series::name).containsExactly("other", "x.y.1", "x.y.2", "x.z.1");
        assertThat(store.query(List.of("nothing.*"), Duration.ofSeconds(1))).isEmpty();
    }

    @Test
    void aPatternFindsItsSeriesWhetherItStartsWithALiteralPrefixOrAWildcard() {
        EmbeddedStore store = new EmbeddedStore(10, Duration.ofSeconds(60), clock);
        for (String name : List.of("flink.j2.a", "flink.j1.a", "flink.j1b.a", "flinkx.j1.a", "a.flink.j1.a", "flink.j1.a.b")) {
            store.put(name, 1, 1000);
        }

        assertThat(store.query(List.of("flink.j1.*"), Duration.ofSeconds(1))).extracting(Series::name)
                .containsExactly("flink.j1.a");
        assertThat(store.query(List.of("flink.j{1,2}.a"), Duration.ofSeconds(1))).extracting(Series::name)
                .containsExactly("flink.j1.a", "flink.j2.a");
        assertThat(store.query(List.of("*.j1.a"), Duration.ofSeconds(1))).extracting(Series::name)
                .containsExactly("flink.j1.a", "flinkx.j1.a");
        assertThat(store.query(List.of("fl?nk.j1.a"), Duration.ofSeconds(1))).extracting(Series::name)
                .containsExactly("flink.j1.a");
    }

    @Test
    void seriesOfAStoppedQueryExpireWhenANewSeriesArrivesARetentionLaterThoughTheStoreIsNotFull() {
        EmbeddedStore store = new EmbeddedStore(100, Duration.ofSeconds(10), clock);
        store.put("old.query.a", 1, 1000);
        store.put("old.query.b", 1, 1000);
        store.put("live", 1, 1000);
        clock.set(Instant.ofEpochSecond(1011));
        store.put("live", 2, 1011);

        store.put("new.query.a", 1, 1011);

        assertThat(store.size()).as("the live series and the new one").isEqualTo(2);
        assertThat(store.find("*")).extracting(FoundNode::id).containsExactly("live", "new");
    }

    @Test
    void dropsNewSeriesWhenFullLogsOnceAndRecoversWhenSilentSeriesExpire() {
        EmbeddedStore store = new EmbeddedStore(2, Duration.ofSeconds(10), clock);
        assertThat(store.put("a", 1, 1000)).isTrue();
        assertThat(store.put("b", 1, 1000)).isTrue();

        assertThat(store.put("c", 1, 1000)).isFalse();
        assertThat(store.put("d", 1, 1000)).isFalse();
        assertThat(store.put("a", 2, 1000)).as("stored series keep working").isTrue();

        clock.advance(Duration.ofSeconds(5));
        assertThat(store.put("b", 2, 1005)).isTrue();
        assertThat(store.put("c", 1, 1005)).as("nothing silent for the retention yet").isFalse();
        clock.advance(Duration.ofSeconds(6));
        assertThat(store.put("c", 1, 1011)).as("'a' has been silent for 11 s").isTrue();

        assertThat(store.size()).isEqualTo(2);
        assertThat(store.query(List.of("*"), Duration.ofSeconds(1))).extracting(Series::name).containsExactly("b", "c");
        assertThat(logged.events())
                .extracting(ILoggingEvent::getLevel, ILoggingEvent::getFormattedMessage).containsExactly(
                tuple(Level.WARN, "Embedded store is full with 2 series (max-series); dropping points of new series "
                        + "such as 'c' until a series has been silent for 10s and expires"),
                tuple(Level.INFO, "Embedded store has room again; 3 points of new series were dropped while it was full"));
    }

    @Test
    void findsBranchesAndLeavesAtThePatternsDepth() {
        EmbeddedStore store = new EmbeddedStore(10, Duration.ofSeconds(60), clock);
        for (String name : List.of("a.b.c", "a.b.d", "a.x", "a.b", "z.b")) {
            store.put(name, 1, 1000);
        }

        assertThat(store.find("a.*")).containsExactly(new FoundNode("a.b", false), new FoundNode("a.b", true),
                new FoundNode("a.x", true));
        assertThat(store.find("*")).containsExactly(new FoundNode("a", false), new FoundNode("z", false));
        assertThat(store.find("a.b.[c]")).containsExactly(new FoundNode("a.b.c", true));
        assertThat(new FoundNode("a.b.c", true).text()).isEqualTo("c");
    }
}
