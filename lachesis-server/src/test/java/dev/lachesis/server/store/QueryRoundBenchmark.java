package dev.lachesis.server.store;

import dev.lachesis.core.metricsource.RealGraphite;
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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Benchmark, not a test (tag {@code benchmark}, excluded from the default build): how long one
 * round's query of 2,000 series over a 10 s window takes from the real Graphite and from the
 * embedded store (directly and over its HTTP API), measured in one run so the ratio holds on any
 * machine. Needs Graphite from {@code deploy/graphite/graphite.sh start}. Run with
 * {@code mvn -B -pl lachesis-core -am test -Dlachesis.excludedGroups= -Dgroups=benchmark
 * -Dtest=QueryRoundBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
class QueryRoundBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(QueryRoundBenchmark.class);
    private static final String PREFIX = "bench.round";
    private static final int WORKERS = 10;
    private static final int OPERATORS_PER_WORKER = 200;
    private static final int SERIES = WORKERS * OPERATORS_PER_WORKER;
    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final int WARM_UP = 5;
    private static final int ROUNDS = 30;

    @Test
    void oneRoundOf2000SeriesOverTenSeconds() throws Exception {
        RealGraphite.requireOrSkip();
        long now = System.currentTimeMillis() / 1000;
        List<String> lines = new ArrayList<>(SERIES * 10);
        for (int w = 0; w < WORKERS; w++) {
            for (int op = 0; op < OPERATORS_PER_WORKER; op++) {
                for (int ago = 1; ago <= 10; ago++) {
                    lines.add(String.format(Locale.ROOT, "%s.w%d.op%03d.queue %d %d", PREFIX, w, op, op + ago, now - ago));
                }
            }
        }
        // One pattern per worker, as a driver asks for one metric of every instance.
        List<String> wildcards = IntStream.range(0, WORKERS).mapToObj(w -> PREFIX + ".w" + w + ".*.queue").toList();
        // Every series named, the worst case for the request size.
        List<String> literals = IntStream.range(0, SERIES).mapToObj(
                i -> String.format(Locale.ROOT, "%s.w%d.op%03d.queue", PREFIX, i / OPERATORS_PER_WORKER,
                        i % OPERATORS_PER_WORKER)).toList();

        try (EmbeddedMetricSource embedded = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0),
                WINDOW, Clock.systemUTC())) {
            MetricSource graphite = new GraphiteMetricSource(new GraphiteSourceConfig(RealGraphite.URL, WINDOW,
                    Duration.ofSeconds(1), Duration.ofSeconds(30), null));
            MetricSource embeddedHttp = new GraphiteMetricSource(new GraphiteSourceConfig(
                    "http://127.0.0.1:" + embedded.httpPort(), WINDOW, Duration.ofSeconds(1), Duration.ofSeconds(30), null));
            RealGraphite.sendCarbon(RealGraphite.CARBON_PORT, lines);
            RealGraphite.sendCarbon(embedded.carbonPort(), lines);
            Duration longWindow = Duration.ofSeconds(60);
            await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> complete(embedded, wildcards, longWindow) && complete(graphite, wildcards, longWindow));

            for (List<String> patterns : List.of(wildcards, literals)) {
                double[] g = time(graphite, patterns);
                double[] e = time(embedded, patterns);
                double[] h = time(embeddedHttp, patterns);
                LOG.info(String.format(Locale.ROOT, "Query of %d series x %ds with %d targets, median (p90) of %d rounds: "
                                + "Graphite %.1f ms (%.1f), embedded in-process %.2f ms (%.2f), embedded over HTTP %.1f ms "
                                + "(%.1f); Graphite / embedded in-process = %.0fx, Graphite / embedded HTTP = %.1fx",
                        SERIES, WINDOW.toSeconds(), patterns.size(), ROUNDS, g[0], g[1], e[0], e[1], h[0], h[1],
                        g[0] / e[0], g[0] / h[0]));
            }
        }
    }

    /** Whether every series is there with a point in each of the ten seconds sent. */
    private static boolean complete(MetricSource source, List<String> patterns, Duration window)
            throws MetricSourceException {
        List<Series> series = source.query(patterns, window);
        return series.size() == SERIES
                && series.stream().allMatch(s -> s.points().stream().filter(DataPoint::isPresent).count() >= 10);
    }

    /** Median and 90th percentile of one query, in milliseconds. */
    private static double[] time(MetricSource source, List<String> patterns) throws MetricSourceException {
        for (int i = 0; i < WARM_UP; i++) {
            assertThat(source.query(patterns, WINDOW)).hasSize(SERIES);
        }
        double[] millis = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            long start = System.nanoTime();
            List<Series> series = source.query(patterns, WINDOW);
            millis[i] = (System.nanoTime() - start) / 1e6;
            assertThat(series).hasSize(SERIES);
        }
        Arrays.sort(millis);
        return new double[] {millis[ROUNDS / 2], millis[(int) (ROUNDS * 0.9)]};
    }
}
