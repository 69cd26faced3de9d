package dev.lachesis.server.store;

import dev.lachesis.core.metricsource.RealGraphite;
import dev.lachesis.core.metricsource.SeriesAggregates;
import dev.lachesis.core.metricsource.GraphiteGlob;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import dev.lachesis.core.metricsource.graphite.GraphiteMetricSource;
import dev.lachesis.core.metricsource.graphite.GraphiteSourceConfig;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract between the two metric sources: the same carbon lines sent to the real Graphite
 * (started by {@code deploy/graphite/graphite.sh}) and to the embedded store give the same series
 * and the same aggregates. Runs when Graphite answers; fails when it does not and
 * {@code LACHESIS_REQUIRE_GRAPHITE=1}.
 */
class GraphiteContractTest {
    /** Wide enough that every point stays inside it while carbon writes them. */
    private static final Duration WINDOW = Duration.ofSeconds(60);

    private final String prefix = "test.contract.run" + System.currentTimeMillis();
    private final long now = System.currentTimeMillis() / 1000;
    private EmbeddedMetricSource embedded;
    private MetricSource graphite;

    /** Aggregates of one series, as a driver computes them. */
    record Aggregates(Map<Long, Double> present, OptionalDouble last, OptionalDouble mean, OptionalDouble sum,
                      OptionalDouble rate) {
        static Aggregates of(Series s) {
            Map<Long, Double> present = new TreeMap<>();
            for (DataPoint p : s.points()) {
                if (p.isPresent()) {
                    present.put(p.epochSeconds(), p.value());
                }
            }
            return new Aggregates(present, SeriesAggregates.last(s), SeriesAggregates.mean(s), SeriesAggregates.sum(s),
                    SeriesAggregates.rate(s));
        }
    }

    @BeforeEach
    void start() throws Exception {
        RealGraphite.requireOrSkip();
        embedded = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0), WINDOW, Clock.systemUTC());
        graphite = new GraphiteMetricSource(new GraphiteSourceConfig(RealGraphite.URL, WINDOW, Duration.ofSeconds(1),
                Duration.ofSeconds(5), null));
    }

    @AfterEach
    void stop() {
        if (embedded != null) {
            embedded.close();
        }
    }

    @Test
    void bothSourcesReturnTheSameSeriesAndAggregates() throws Exception {
        List<String> lines = new ArrayList<>();
        // A gauge (a queue size) with gaps.
        point(lines, "storm.split.3.queue", 12, 9);
        point(lines, "storm.split.3.queue", 20, 8);
        point(lines, "storm.split.3.queue", 16, 5);
        point(lines, "storm.split.3.queue", 4, 2);
        // A counter (tuples executed) with gaps.
        point(lines, "storm.split.3.executed", 1000, 9);
        point(lines, "storm.split.3.executed", 1250, 7);
        point(lines, "storm.split.3.executed", 1400, 6);
        point(lines, "storm.split.3.executed", 1900, 3);
        // A second instance, a fractional gauge, and a series no pattern matches.
        point(lines, "storm.split.4.queue", 0.25, 4);
        point(lines, "flink.map.0.queue", 3, 4);
        point(lines, "storm.count.1.queue", 99, 4);
        // Names with characters Flink operator names carry, and a non-ASCII one.
        point(lines, "odd.Map(1)#0:x-y_z.q", 5, 3);
        point(lines, "odd.café.q", 6, 3);
        RealGraphite.sendCarbon(RealGraphite.CARBON_PORT, lines);
        RealGraphite.sendCarbon(embedded.carbonPort(), lines);
        List<String> patterns = List.of(prefix + ".storm.split.[0-9].{queue,executed}", prefix + ".flink.*.0.queue",
                prefix + ".odd.*.q");

        Map<String, Map<Long, Double>> sent = sentPoints(lines, patterns);
        assertThat(sent).hasSize(6);

        await("the embedded store holds every point sent").atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(presentPoints(embedded, patterns)).isEqualTo(sent));
        await("Graphite shows every point carbon received").atMost(Duration.ofSeconds(40))
                .pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(presentPoints(graphite, patterns)).isEqualTo(sent));

        Map<String, Aggregates> fromEmbedded = aggregates(embedded, patterns);
        assertThat(aggregates(graphite, patterns)).isEqualTo(fromEmbedded);
        Aggregates counter = fromEmbedded.get(prefix + ".storm.split.3.executed");
        assertThat(counter.rate()).isEqualTo(OptionalDouble.of(150)); // (1900 - 1000) / 6 s
        assertThat(counter.last()).isEqualTo(OptionalDouble.of(1900));
        assertThat(fromEmbedded.get(prefix + ".storm.split.3.queue").mean()).isEqualTo(OptionalDouble.of(13));
        assertThat(fromEmbedded.get(prefix + ".storm.split.4.queue").sum()).isEqualTo(OptionalDouble.of(0.25));
    }

    /** The points of the lines whose series match a pattern, by series: what both sources must return. */
    private static Map<String, Map<Long, Double>> sentPoints(List<String> lines, List<String> patterns) {
        List<GraphiteGlob> globs = patterns.stream().map(GraphiteGlob::compile).toList();
        Map<String, Map<Long, Double>> sent = new TreeMap<>();
        for (String line : lines) {
            String[] f = line.split(" ");
            if (globs.stream().anyMatch(g -> g.matches(f[0]))) {
                sent.computeIfAbsent(f[0], k -> new TreeMap<>()).put(Long.parseLong(f[2]), Double.parseDouble(f[1]));
            }
        }
        return sent;
    }

    private static Map<String, Map<Long, Double>> presentPoints(MetricSource source, List<String> patterns)
            throws MetricSourceException {
        Map<String, Map<Long, Double>> byName = new TreeMap<>();
        aggregates(source, patterns).forEach((name, a) -> byName.put(name, a.present()));
        return byName;
    }

    private void point(List<String> lines, String name, double value, int secondsAgo) {
        lines.add(prefix + "." + name + " " + value + " " + (now - secondsAgo));
    }

    private static Map<String, Aggregates> aggregates(MetricSource source, List<String> patterns)
            throws MetricSourceException {
        Map<String, Aggregates> byName = new TreeMap<>();
        for (Series s : source.query(patterns, WINDOW)) {
            byName.put(s.name(), Aggregates.of(s));
        }
        return byName;
    }
}
