package dev.lachesis.core.metricsource.graphite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.metricsource.SeriesAggregates;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.testing.LogCapture;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every way a Graphite server can misbehave, against a real local HTTP server. */
class GraphiteMetricSourceTest {
    private static final List<String> TARGET = List.of("a.*.c");
    private static final Duration WINDOW = Duration.ofSeconds(10);

    private MisbehavingGraphite server;
    private GraphiteMetricSource source;
    private LogCapture logged;

    @BeforeEach
    void start() throws IOException {
        server = new MisbehavingGraphite();
        // Generous timeouts: a loaded CI machine must not turn a well-behaved answer into a timeout.
        source = new GraphiteMetricSource(new GraphiteSourceConfig(server.url(), WINDOW, Duration.ofSeconds(5),
                Duration.ofSeconds(10), null));
        logged = new LogCapture(GraphiteMetricSource.class);
    }

    @AfterEach
    void stop() {
        logged.close();
        server.close();
    }

    @Test
    void readsSeriesWithNullsFromOneRequestCarryingEveryTarget() throws Exception {
        server.answer(200, "application/json", """
                [{"target": "a.b.c", "tags": {"name": "a.b.c"}, "datapoints": [[null, 100], [3.0, 101], [5.0, 102]]},
                 {"target": "x.y", "tags": {"name": "x.y"}, "datapoints": [[null, 100], [null, 101], [null, 102]]}]""");

        List<Series> series = source.query(List.of("a.*.c", "x.y"), WINDOW);

        assertThat(series).containsExactly(
                new Series("a.b.c", List.of(DataPoint.missing(100), new DataPoint(101, 3), new DataPoint(102, 5))),
                new Series("x.y", List.of(DataPoint.missing(100), DataPoint.missing(101), DataPoint.missing(102))));
        assertThat(SeriesAggregates.last(series.get(1))).isEmpty();
        assertThat(server.requests()).containsExactly(new MisbehavingGraphite.Request("GET", List.of("a.*.c", "x.y"), "-10s"));
    }

    @Test
    void anEmptyAnswerIsNoSeriesNotAnError() throws Exception {
        server.answer(200, "application/json", "[]");

        assertThat(source.query(TARGET, WINDOW)).isEmpty();
        assertThat(logged.events()).isEmpty();
    }

    @Test
    void sendsOddCharactersInTargetsIntact() throws Exception {
        String odd = "flink.tm-1.Map (1/2)#0.{numRecordsIn,ü&x=y}";
        server.answer(200, "application/json",
                "[{\"target\": \"flink.tm-1.Map (1/2)#0.numRecordsIn\", \"datapoints\": [[4, 100]]}]");

        List<Series> series = source.query(List.of(odd), WINDOW);

        assertThat(server.requests().get(0).targets()).containsExactly(odd);
        assertThat(series).extracting(Series::name).containsExactly("flink.tm-1.Map (1/2)#0.numRecordsIn");
    }

    @Test
    void sendsManyTargetsAsOneFormPost() throws Exception {
        List<String> targets = IntStream.range(0, 300)
                .mapToObj(i -> "storm.worker.topology-" + i + ".*.*.*.*-receive-queue-population").toList();

        source.query(targets, WINDOW);

        assertThat(server.requests()).hasSize(1);
        assertThat(server.requests().get(0).method()).isEqualTo("POST");
        assertThat(server.requests().get(0).targets()).isEqualTo(targets);
    }

    @Test
    void splitsMoreTargetsThanGraphiteWebAcceptsIntoSeveralRequests() throws Exception {
        List<String> targets = IntStream.range(0, 1200).mapToObj(i -> "s.op" + i + ".queue").toList();
        server.answer(200, "application/json", "[{\"target\": \"s.op1.queue\", \"datapoints\": [[1, 100]]}]");

        List<Series> series = source.query(targets, WINDOW);

        assertThat(server.requests()).extracting(r -> r.targets().size()).containsExactly(500, 500, 200);
        assertThat(server.requests()).flatExtracting(MisbehavingGraphite.Request::targets).isEqualTo(targets);
        assertThat(series).extracting(Series::name).containsExactly("s.op1.queue");
    }

    @Test
    void http500() {
        server.answer(500, "text/html",
                "<html><head><title>Server Error</title></head><body><h1>Server Error (500)</h1></body></html>");

        assertThatThrownBy(() -> source.query(TARGET, WINDOW)).isInstanceOf(MetricSourceException.class)
                .hasMessage("Graphite at " + server.url()
                        + " answered HTTP 500 (Server Error Server Error (500)) for targets 'a.*.c'");
        assertThat(server.requests()).as("the first answer and the one asked again").hasSize(2);
    }

    @Test
    void asksOnceMoreWhenGraphiteFailsWhileCarbonCreatesAWhisperFile() throws Exception {
        server.answerOnce(500, "text/html", "<h1>Server Error (500)</h1>")
                .answer(200, "application/json", "[{\"target\": \"a.b.c\", \"datapoints\": [[7, 100]]}]");

        List<Series> series = source.query(TARGET, WINDOW);

        assertThat(series).containsExactly(new Series("a.b.c", List.of(new DataPoint(100, 7))));
        assertThat(server.requests()).hasSize(2);
        assertThat(logged.events()).isEmpty();
    }

    @Test
    void slowServer() {
        server.hang();
        GraphiteMetricSource impatient = new GraphiteMetricSource(new GraphiteSourceConfig(server.url(), WINDOW,
                Duration.ofSeconds(5), Duration.ofMillis(300), null));

        assertThatThrownBy(() -> impatient.query(TARGET, WINDOW))
                .hasMessage("Graphite at " + server.url() + " did not answer within 300ms for targets 'a.*.c'");
    }

    @Test
    void htmlInsteadOfJson() {
        server.answer(200, "text/html", "<!DOCTYPE html>\n<html><head><title>Graphite Browser</title></head></html>");

        assertThatThrownBy(() -> source.query(TARGET, WINDOW)).hasMessage("Graphite at " + server.url()
                + " returned HTML instead of JSON (title 'Graphite Browser') for targets 'a.*.c'");
    }

    @Test
    void emptyBody() {
        server.answer(200, "application/json", "");

        assertThatThrownBy(() -> source.query(TARGET, WINDOW))
                .hasMessage("Graphite at " + server.url() + " returned an empty body for targets 'a.*.c'");
    }

    @Test
    void malformedJson() {
        server.answer(200, "application/json", "[{\"target\": \"a.b.c\", \"datapoints\": [[1.0, 17");

        assertThatThrownBy(() -> source.query(TARGET, WINDOW)).hasMessage("Graphite at " + server.url()
                + " returned malformed JSON (Unexpected end-of-input: expected close marker for Array (st…)"
                + " for targets 'a.*.c'");
    }

    @Test
    void anAnswerLongerThanMaxResponseIsNotRead() {
        String huge = "[{\"target\": \"a.b.c\", \"datapoints\": [" + "[1.0, 100],".repeat(10_000) + "[1.0, 100]]}]";
        server.answer(200, "application/json", huge);
        GraphiteMetricSource bounded = new GraphiteMetricSource(new GraphiteSourceConfig(server.url(), WINDOW,
                Duration.ofSeconds(5), Duration.ofSeconds(10), ByteSize.kib(64)));

        assertThatThrownBy(() -> bounded.query(TARGET, WINDOW)).isInstanceOf(MetricSourceException.class)
                .hasMessage("Graphite at " + server.url() + " sent an answer of " + huge.length()
                        + " bytes, more than the limit of 64KiB (max-response) for targets 'a.*.c'");
    }

    @Test
    void connectionRefused() throws IOException {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0)) {
            closedPort = probe.getLocalPort();
        }
        GraphiteMetricSource nobody = new GraphiteMetricSource(GraphiteSourceConfig.of("http://127.0.0.1:" + closedPort));

        assertThatThrownBy(() -> nobody.query(List.of("a.*", "b.*", "c.*", "d.*", "e.*"), WINDOW)).hasMessage(
                "Graphite at http://127.0.0.1:" + closedPort
                        + " refused the connection for targets 'a.*', 'b.*', 'c.*' and 2 more");
    }

    @Test
    void logsOnlyAChangeOfConditionWithoutStackTracesTheLoopReportsStartAndRecovery() throws Exception {
        server.answer(500, "text/plain", "boom");
        List<String> errors = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            errors.add(assertThrows(() -> source.query(TARGET, WINDOW)));
        }
        server.answer(200, "text/html", "<html></html>");
        errors.add(assertThrows(() -> source.query(TARGET, WINDOW)));
        server.answer(200, "application/json", "[]");
        source.query(TARGET, WINDOW);
        source.query(TARGET, WINDOW);

        assertThat(logged.events()).extracting(ILoggingEvent::getLevel, ILoggingEvent::getFormattedMessage).containsExactly(
                org.assertj.core.groups.Tuple.tuple(Level.WARN, errors.get(3)));
        assertThat(logged.events()).allSatisfy(e -> assertThat(e.getThrowableProxy()).isNull());
    }

    @Test
    void queriesTheWindowInWholeSeconds() throws Exception {
        source.query(TARGET, Duration.ofMillis(2500));

        assertThat(server.requests()).extracting(MisbehavingGraphite.Request::from).containsExactly("-3s");
        assertThat(source.defaultWindow()).isEqualTo(WINDOW);
        assertThat(source.describe()).isEqualTo(server.url());
    }

    private static String assertThrows(ThrowingQuery query) {
        try {
            query.run();
        } catch (MetricSourceException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected a MetricSourceException");
    }

    @FunctionalInterface
    private interface ThrowingQuery {
        void run() throws MetricSourceException;
    }
}
