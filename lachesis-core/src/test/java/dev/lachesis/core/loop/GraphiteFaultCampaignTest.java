package dev.lachesis.core.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.logging.ConditionLog;
import dev.lachesis.core.metric.FreshMetricsDriver;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.metricsource.SeriesAggregates;
import dev.lachesis.core.metricsource.WatchedMetricSource;
import dev.lachesis.core.metricsource.graphite.GraphiteMetricSource;
import dev.lachesis.core.metricsource.graphite.GraphiteSourceConfig;
import dev.lachesis.core.metricsource.graphite.MisbehavingGraphite;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.testing.FakeOrderPolicyFactory;
import dev.lachesis.core.testing.FakeResolver;
import dev.lachesis.core.testing.FakeSpe;
import dev.lachesis.core.testing.LogCapture;
import dev.lachesis.core.testing.ManualClock;
import dev.lachesis.core.testing.RecordingTranslator;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Fault campaign, metric source (issue 19, listed in {@code docs/fault-campaign.md}): the daemon's
 * rounds ({@link SchedulerLoop}) read a queue metric through the real {@link GraphiteMetricSource}
 * from a local HTTP server that goes down, hangs, answers 500, HTML, truncated or oversized JSON, odd
 * values or no series. Each case asserts what the user sees — the round's outcome and problem, one
 * warning per condition however many rounds it lasts, one line when it clears — and that the
 * priorities last applied stay applied while it lasts. Only the SPE is a fake ({@link FakeSpe},
 * whose driver reads its queues from the source the way the real drivers do).
 */
class GraphiteFaultCampaignTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00.001Z");
    private static final long NOW = T0.getEpochSecond();
    private static final String GOOD = series(10, 20);
    /** What the good answer applies: minus each split's queue; the source and the sender get 0. */
    private static final Map<Integer, Long> GOOD_PRIORITIES = Map.of(4999, 0L, 5000, -10L, 5001, -20L, 6000, 0L);

    private final ManualClock clock = new ManualClock(T0);
    private final RecordingTranslator translator = new RecordingTranslator("nice", ScheduleForm.SINGLE_PRIORITY);
    private final LogCapture sourceLog = new LogCapture(GraphiteMetricSource.class);
    private final LogCapture loopLog = new LogCapture(ConditionLog.class);
    private MisbehavingGraphite graphite;
    private SchedulerLoop loop;
    private int round;

    @AfterEach
    void stop() {
        sourceLog.close();
        loopLog.close();
        if (loop != null) {
            loop.close();
        }
        if (graphite != null) {
            graphite.close();
        }
    }

    private void startDaemon(String url, Duration readTimeout) {
        GraphiteMetricSource source = new GraphiteMetricSource(new GraphiteSourceConfig(url, Duration.ofSeconds(10),
                Duration.ofSeconds(5), readTimeout, ByteSize.kib(64)));
        FakeResolver resolver = new FakeResolver();
        resolver.register(Set.of(MetricNames.INPUT_QUEUE));
        WatchedMetricSource watched = new WatchedMetricSource(source);
        loop = new SchedulerLoop(new Assembly(List.of(new Spe("storm",
                new FreshMetricsDriver(new QueuesFromGraphite(watched), watched, clock))),
                List.of(new ScheduledPolicy("queues", new FakeOrderPolicyFactory.QueueOrder("queues"), Duration.ofSeconds(1),
                        List.of("storm"), translator)), resolver, List.of(source)), clock);
    }

    private void startDaemon() throws IOException {
        graphite = new MisbehavingGraphite().answer(200, "application/json", GOOD);
        startDaemon(graphite.url(), Duration.ofSeconds(10));
    }

    private RoundReport round() {
        return loop.runRound(T0.plusSeconds(round++)).report();
    }

    /** Runs three rounds under the fault; each fails with {@code problem} and changes no thread. */
    private void threeFailedRounds(String problem) {
        Map<Integer, Long> before = translator.applied();
        int applies = translator.history().size();
        for (int i = 0; i < 3; i++) {
            RoundReport failed = round();
            assertThat(failed.outcome()).isEqualTo(RoundReport.Outcome.FAILED);
            assertThat(failed.problems()).first().asString().startsWith("SPE 'storm' cannot be seen: ")
                    .contains(problem);
        }
        assertThat(translator.history()).as("no schedule applied while it fails").hasSize(applies);
        assertThat(translator.applied()).as("the last priorities stay").isEqualTo(before);
    }

    /** The answer clears: the next round applies the good priorities again. */
    private void recovers() {
        graphite.answer(200, "application/json", GOOD);
        assertThat(round().outcome()).isEqualTo(RoundReport.Outcome.OK);
        assertThat(translator.applied()).isEqualTo(GOOD_PRIORITIES);
    }

    /**
     * One warning when the condition starts and one line when it clears, both from the loop: the
     * source's own log stays quiet, so the user does not read the same failure twice.
     */
    private void loggedOnceAndRecovered(String warning, int failedRounds) {
        assertThat(loopLog.lines()).hasSize(2);
        assertThat(loopLog.lines().get(0)).startsWith("WARN SPE 'storm' cannot be seen: cannot read metrics: Graphite at "
                + graphite.url() + " ").contains(warning)
                .endsWith("for targets 'q.*.queue' (keeping the last applied priorities until this clears)");
        assertThat(loopLog.lines().get(1)).isEqualTo("INFO Recovered after " + failedRounds + " failed round(s): spe storm");
        assertThat(sourceLog.lines()).isEmpty();
    }

    @Test
    void graphiteDownAtStart() throws IOException {
        int port;
        try (MisbehavingGraphite gone = new MisbehavingGraphite()) {
            port = gone.port();
        }
        startDaemon("http://127.0.0.1:" + port, Duration.ofSeconds(10));

        threeFailedRounds("refused the connection");
        assertThat(translator.applied()).as("nothing applied before Graphite answered").isEmpty();

        graphite = new MisbehavingGraphite(port);
        recovers();
        loggedOnceAndRecovered("refused the connection", 3);
    }

    @Test
    void graphiteDownMidRun() throws IOException {
        startDaemon();
        assertThat(round().outcome()).isEqualTo(RoundReport.Outcome.OK);
        assertThat(translator.applied()).isEqualTo(GOOD_PRIORITIES);
        int port = graphite.port();
        graphite.close();

        threeFailedRounds("refused the connection");

        graphite = new MisbehavingGraphite(port);
        recovers();
        loggedOnceAndRecovered("refused the connection", 3);
    }

    @Test
    void graphiteSlowerThanTheReadTimeout() throws IOException {
        graphite = new MisbehavingGraphite().answer(200, "application/json", GOOD);
        // Long enough that a loaded machine answers the good rounds in time (the first request loads
        // the HTTP classes), short enough that three hung rounds do not slow the build much.
        startDaemon(graphite.url(), Duration.ofSeconds(2));
        assertThat(round().outcome()).isEqualTo(RoundReport.Outcome.OK);
        graphite.hang();

        threeFailedRounds("did not answer within 2s");

        recovers();
        loggedOnceAndRecovered("did not answer within 2s", 3);
    }

    @Test
    void graphiteAnswersHttp500() throws IOException {
        startDaemon();
        round();
        graphite.answer(500, "text/plain", "Internal Server Error: carbon cache unreachable");

        threeFailedRounds("answered HTTP 500 (Internal Server Error: carbon cache unreachable)");

        recovers();
        loggedOnceAndRecovered("answered HTTP 500", 3);
    }

    @Test
    void graphiteAnswersHtml() throws IOException {
        startDaemon();
        round();
        graphite.answer(200, "text/html", "<html><head><title>Sign in</title></head><body>proxy login</body></html>");

        threeFailedRounds("returned HTML instead of JSON (title 'Sign in')");

        recovers();
        loggedOnceAndRecovered("returned HTML instead of JSON", 3);
    }

    @Test
    void graphiteAnswersTruncatedJson() throws IOException {
        startDaemon();
        round();
        graphite.answer(200, "application/json", GOOD.substring(0, GOOD.length() / 2));

        threeFailedRounds("returned malformed JSON");

        recovers();
        loggedOnceAndRecovered("returned malformed JSON", 3);
    }

    @Test
    void graphiteAnswersMoreThanMaxResponse() throws IOException {
        startDaemon();
        round();
        graphite.answer(200, "application/json", GOOD.replace("]]}", "]" + ",[1,1]".repeat(20_000) + "]}"));

        threeFailedRounds("more than the limit of 64KiB (max-response)");

        recovers();
        loggedOnceAndRecovered("(max-response)", 3);
    }

    @Test
    void aFailureThatChangesItsKindIsOneMoreLine() throws IOException {
        startDaemon();
        round();
        graphite.answer(500, "text/plain", "carbon cache unreachable");
        threeFailedRounds("answered HTTP 500");
        graphite.answer(200, "text/html", "<html><title>Maintenance</title></html>");

        threeFailedRounds("returned HTML instead of JSON (title 'Maintenance')");

        recovers();
        assertThat(loopLog.lines()).hasSize(2);
        assertThat(loopLog.lines().get(0)).contains("answered HTTP 500 (carbon cache unreachable)");
        assertThat(loopLog.lines().get(1)).isEqualTo("INFO Recovered after 6 failed round(s): spe storm");
        assertThat(sourceLog.lines()).singleElement().asString().startsWith("WARN Graphite at " + graphite.url()
                + " returned HTML instead of JSON (title 'Maintenance')");
    }

    @Test
    void nanInfinityNegativeAndNullValuesAreDataNotFailures() throws IOException {
        startDaemon();
        graphite.answer(200, "application/json", """
                [{"target": "q.src-0.queue", "datapoints": [[null, %1$d], [Infinity, %2$d]]},
                 {"target": "q.split-0.queue", "datapoints": [[12, %1$d], [NaN, %2$d]]},
                 {"target": "q.split-1.queue", "datapoints": [[-5, %1$d], [1e9999, %2$d]]}]
                """.formatted(NOW - 1, NOW));

        RoundReport report = round();

        assertThat(report.outcome()).isEqualTo(RoundReport.Outcome.OK);
        assertThat(report.problems()).isEmpty();
        assertThat(translator.applied()).as("NaN, Infinity and null are empty buckets; a negative value is data")
                .isEqualTo(Map.of(4999, 0L, 5000, -12L, 5001, 5L, 6000, 0L));
        assertThat(sourceLog.lines()).isEmpty();
        assertThat(loopLog.lines()).isEmpty();
    }

    @Test
    void quotedNaNAndOtherQuotedSpellingsOfNoNumberAreEmptyBuckets() throws IOException {
        startDaemon();
        graphite.answer(200, "application/json", """
                [{"target": "q.split-0.queue", "datapoints": [[12, %1$d], ["NaN", %2$d]]},
                 {"target": "q.split-1.queue", "datapoints": [["7", %1$d], ["inf", %2$d]]}]
                """.formatted(NOW - 1, NOW));

        for (int i = 0; i < 6; i++) {
            RoundReport report = round();
            assertThat(report.outcome()).isEqualTo(RoundReport.Outcome.OK);
            assertThat(report.problems()).isEmpty();
        }
        assertThat(translator.applied()).as("\"NaN\" and \"inf\" are empty buckets; a quoted number is the number")
                .isEqualTo(Map.of(4999, 0L, 5000, -12L, 5001, -7L, 6000, 0L));
        assertThat(sourceLog.lines()).isEmpty();
        assertThat(loopLog.lines()).isEmpty();
    }

    @Test
    void aDatapointThatIsNoNumberIsOneWarningHoweverItsTimestampsChange() throws IOException {
        startDaemon();
        round();
        for (int i = 0; i < 6; i++) {
            graphite.answer(200, "application/json", """
                    [{"target": "q.split-0.queue", "datapoints": [["twelve", %d]]}]""".formatted(NOW + i));
            assertThat(round().outcome()).isEqualTo(RoundReport.Outcome.FAILED);
        }
        recovers();

        loggedOnceAndRecovered("returned a datapoint that is not [value or null, seconds] in series 'q.split-0.queue'", 6);
    }

    @Test
    void seriesVanishingThenReturning() throws IOException {
        startDaemon();
        round();
        graphite.answer(200, "application/json", "[]");

        threeFailedRounds("no series at " + graphite.url() + " matches its metric patterns ('q.*.queue'): its"
                + " reporters have sent nothing yet, or report under other names");
        recovers();

        assertThat(loopLog.lines()).hasSize(2);
        assertThat(loopLog.lines().get(0)).isEqualTo("WARN SPE 'storm' cannot be seen: no series at " + graphite.url()
                + " matches its metric patterns ('q.*.queue'): its reporters have sent nothing yet, or report under"
                + " other names (keeping the last applied priorities until this clears)");
        assertThat(loopLog.lines().get(1)).isEqualTo("INFO Recovered after 3 failed round(s): spe storm");
        assertThat(sourceLog.lines()).isEmpty();
    }

    @Test
    void seriesWhoseReportersStoppedAreOneWarningNotRoundsOfNothing() throws IOException {
        startDaemon();
        round();
        graphite.answer(200, "application/json", """
                [{"target": "q.split-0.queue", "datapoints": [[null, %1$d], [null, %2$d]]},
                 {"target": "q.split-1.queue", "datapoints": [[null, %1$d], [null, %2$d]]}]""".formatted(NOW - 1, NOW));

        threeFailedRounds("none of its 2 series at " + graphite.url() + " has a value in the last 10s: its reporters"
                + " stopped sending");
        recovers();

        assertThat(loopLog.lines()).hasSize(2);
        assertThat(loopLog.lines().get(1)).isEqualTo("INFO Recovered after 3 failed round(s): spe storm");
    }

    @Test
    void pointsOlderThanTheWindowAreOneWarning() throws IOException {
        startDaemon();
        round();
        graphite.answer(200, "application/json", """
                [{"target": "q.split-0.queue", "datapoints": [[4, %d]]}]""".formatted(NOW - 600));

        threeFailedRounds("the newest point of its metrics at " + graphite.url() + " is 600 s old (window 10s)");
        recovers();

        assertThat(loopLog.lines()).hasSize(2);
    }

    /** The render answer for queues {@code split0} and {@code split1}, with an empty bucket after each. */
    private static String series(int split0, int split1) {
        return """
                [{"target": "q.split-0.queue", "datapoints": [[%d, %d], [null, %d]]},
                 {"target": "q.split-1.queue", "datapoints": [[%d, %d], [null, %d]]}]""".formatted(split0, NOW - 1, NOW,
                split1, NOW - 1, NOW);
    }

    /**
     * The fake SPE's driver, reading each operator's input queue from the series
     * {@code q.<operator>.queue} (the last value in the window) with one query per round, and turning
     * a failed query into a {@link DriverException} as the Storm and Flink drivers do.
     */
    private final class QueuesFromGraphite implements SpeDriver {
        private final MetricSource source;

        QueuesFromGraphite(MetricSource source) {
            this.source = source;
        }

        @Override
        public SpeState refresh() {
            return FakeSpe.state("storm", 2, clock.instant());
        }

        @Override
        public Set<String> providedMetrics() {
            return Set.of(MetricNames.INPUT_QUEUE);
        }

        @Override
        public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) throws DriverException {
            List<Series> series;
            try {
                series = source.query(List.of("q.*.queue"), source.defaultWindow());
            } catch (MetricSourceException e) {
                throw new DriverException("cannot read metrics: " + e.getMessage(), e);
            }
            Map<String, Double> queues = new HashMap<>();
            for (Series s : series) {
                String operator = s.name().substring("q.".length(), s.name().length() - ".queue".length());
                SeriesAggregates.last(s).ifPresent(v -> queues.put(operator, v));
            }
            return Map.of(MetricNames.INPUT_QUEUE, MetricValues.of(queues));
        }
    }
}
