package dev.lachesis.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.server.http.SmallHttpServer;
import dev.lachesis.core.metricsource.graphite.GraphiteMetricSource;
import dev.lachesis.core.metricsource.graphite.GraphiteSourceConfig;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Fault campaign, store (issue 19, listed in {@code docs/fault-campaign.md}): the embedded store keeps
 * serving the daemon and the SPE's reporters while another local user abuses it. Its HTTP API (defect
 * 4: four connections that had sent part of a request line kept every other client waiting some
 * 10 s, longer than the daemon's 2-s read timeout) is asked through the daemon's own client
 * ({@link GraphiteMetricSource} with its default 1-s connect and 2-s read timeouts, one kept-alive
 * connection) and, for clients that open a connection per request, a plain socket; its carbon port
 * through a plain socket, as Storm's and Flink's Graphite reporters write.
 */
class StoreFaultCampaignTest {
    private static final int ABUSIVE_CONNECTIONS = 50;
    /** As many as the carbon receiver keeps open at once. */
    private static final int CARBON_CONNECTIONS = 256;
    private static final int REQUESTS = 7;
    private static final long MEDIAN_LIMIT_MILLIS = 100;
    private static final String SERIES = "storm.worker.q.host.6700.heavy.3.receive-queue-population";

    private EmbeddedMetricSource store;
    private GraphiteMetricSource daemon;
    /**
     * Requests before any abuse: they warm the JVM up (its first one took up to 3.9 s on the loaded
     * machine) and tell the reader of a failure what this machine takes.
     */
    private Timings unabused;

    @BeforeEach
    void start() throws IOException {
        store = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0), Duration.ofSeconds(10),
                Clock.systemUTC());
        store.store().put(SERIES, 42, System.currentTimeMillis() / 1000);
        daemon = new GraphiteMetricSource(GraphiteSourceConfig.of("http://127.0.0.1:" + store.httpPort()));
        unabused = measure();
    }

    @AfterEach
    void stop() {
        store.close();
    }

    /**
     * The 100-ms test. Proves that 50 idle connections, each holding half a request line
     * ({@code GET /render?target=}) and re-opened as soon as the store drops it, take no worker from
     * anyone else: /render on the daemon's kept connection and /render on a new connection each
     * answer all of {@value #REQUESTS} requests with a median under {@value #MEDIAN_LIMIT_MILLIS} ms,
     * first while the 50 are fresh and again once the store has dropped every one of them for its
     * header timeout. They come from 127.0.0.2 and 127.0.0.3, under the per-client limit, so the store
     * holds all 50 at once. The median, not the worst, because on a shared, loaded machine a single
     * request can wait for the CPU far longer than the store takes; the requests made before the
     * abuse are in the message to judge a failure by. The old thread-per-connection store failed it:
     * every request timed out after 2 s.
     */
    @Test
    void fiftyIdleConnectionsHoldingHalfARequestLineDoNotDelayRender() throws IOException {
        try (IdleConnections idle = IdleConnections.hold(store.httpPort(), ABUSIVE_CONNECTIONS,
                IdleConnections.PARTIAL_REQUEST_LINE, List.of(address("127.0.0.2"), address("127.0.0.3")))) {
            measure().assertAnsweredQuickly("while " + ABUSIVE_CONNECTIONS
                    + " fresh connections hold half a request line", unabused);

            await().atMost(Duration.ofSeconds(30)).until(idle::everyFirstConnectionDropped);

            measure().assertAnsweredQuickly("after the store dropped all of the first " + ABUSIVE_CONNECTIONS
                    + " and they came back", unabused);
        }
    }

    /**
     * 50 connections from the daemon's own address, more than its per-client limit, that announce a
     * body and never send it: the store keeps {@value SmallHttpServer#MAX_CONNECTIONS_PER_CLIENT},
     * each new one closing another that waits for its request, never the daemon's kept connection
     * while such a one is left, so every query of the daemon's is answered within its own timeouts.
     * This guards the limit's choice (the daemon's connection is the oldest of that address); the old
     * store passed it too, as its kept connection held a worker of its own. A new connection from
     * that address can lose out when its request comes later than 32 of the abuser's reconnections
     * (on the loaded machine, one sent late by a starved test thread did), so none is timed here.
     */
    @Test
    void fiftyConnectionsFromTheDaemonsAddressOwingABodyDoNotKeepItFromReading() throws IOException {
        IdleConnections idle = IdleConnections.hold(store.httpPort(), ABUSIVE_CONNECTIONS,
                IdleConnections.HEAD_WITHOUT_BODY, List.of(address("127.0.0.1")));
        List<String> failures = new ArrayList<>();
        try {
            for (int i = 0; i < REQUESTS; i++) {
                timedQuery(failures);
            }
        } finally {
            idle.close();
        }
        assertThat(failures).as("the daemon's queries not answered while %d connections owe a body",
                ABUSIVE_CONNECTIONS).isEmpty();
    }

    /**
     * Every one of the carbon port's connections held open by a client that sends nothing: a reporter
     * that connects next still gets its points stored, the quietest idle connection making room for
     * it. Before, the store refused every connection beyond its limit, the reporter's included, and
     * the daemon saw no metric of the query.
     */
    @Test
    void carbonConnectionsHeldOpenWithoutSendingDoNotLockAReporterOut() throws IOException {
        String path = "storm.worker.q.host.6700.source.1.emitted";
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < CARBON_CONNECTIONS; i++) {
                idle.add(new Socket(InetAddress.getLoopbackAddress(), store.carbonPort()));
            }
            try (Socket reporter = new Socket(InetAddress.getLoopbackAddress(), store.carbonPort())) {
                long now = System.currentTimeMillis() / 1000;
                reporter.getOutputStream().write((path + " 7 " + now + "\n").getBytes(StandardCharsets.US_ASCII));
                reporter.getOutputStream().flush();

                await().atMost(Duration.ofSeconds(10)).until(() -> store.store().query(List.of(path), Duration.ofMinutes(1))
                        .stream().anyMatch(series -> series.points().stream().anyMatch(p -> p.isPresent())));
            }
        } finally {
            for (Socket socket : idle) {
                socket.close();
            }
        }
    }

    private static InetAddress address(String ip) throws IOException {
        return InetAddress.getByName(ip);
    }

    /** Durations in ms of requests on the daemon's kept connection and on fresh ones, and what went unanswered. */
    private record Timings(List<Long> kept, List<Long> fresh, List<String> failures) {
        void assertAnsweredQuickly(String when, Timings before) {
            assertThat(failures).as("requests not answered " + when).isEmpty();
            assertThat(median(kept)).as("median ms of the daemon's /render on its kept connection %s; all: %s; "
                    + "before the abuse: %s", when, kept, before.kept()).isLessThan(MEDIAN_LIMIT_MILLIS);
            assertThat(median(fresh)).as("median ms of /render on a new connection each %s; all: %s; "
                    + "before the abuse: %s", when, fresh, before.fresh()).isLessThan(MEDIAN_LIMIT_MILLIS);
        }

        private static long median(List<Long> millis) {
            return millis.stream().sorted().toList().get(millis.size() / 2);
        }
    }

    /** Asks {@value #REQUESTS} times both ways. */
    private Timings measure() {
        Timings timings = new Timings(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int i = 0; i < REQUESTS; i++) {
            timings.kept().add(timedQuery(timings.failures()));
            timings.fresh().add(timedFreshConnection(timings.failures()));
        }
        return timings;
    }

    /** One query as the daemon makes it each round; its duration in ms, or a failure recorded. */
    private long timedQuery(List<String> failures) {
        long start = System.nanoTime();
        try {
            List<Series> series = daemon.query(List.of(SERIES), Duration.ofSeconds(10));
            assertThat(series).extracting(Series::name).containsExactly(SERIES);
        } catch (MetricSourceException e) {
            failures.add("the daemon's client: " + e.getMessage());
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** One request on a connection of its own, closed after the answer; its duration in ms. */
    private long timedFreshConnection(List<String> failures) {
        long start = System.nanoTime();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), store.httpPort())) {
            socket.setSoTimeout(2_000);
            socket.getOutputStream().write(("GET /render?target=" + SERIES + "&format=json&from=-10s HTTP/1.1\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!answer.startsWith("HTTP/1.1 200 OK") || !answer.contains(SERIES)) {
                failures.add("fresh connection: " + answer);
            }
        } catch (IOException e) {
            failures.add("fresh connection: " + e);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
