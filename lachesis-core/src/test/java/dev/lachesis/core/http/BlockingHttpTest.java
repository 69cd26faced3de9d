package dev.lachesis.core.http;

import static dev.lachesis.core.http.ScriptedHttpServer.answer;
import static dev.lachesis.core.http.ScriptedHttpServer.redirect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.http.BlockingHttp.Failure;
import dev.lachesis.core.http.BlockingHttp.Response;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Blocking requests against a local server that answers, fails, stalls or trickles as each test scripts. */
class BlockingHttpTest {
    /** Generous: a loaded machine must not turn a well-behaved answer into a timeout. */
    private static final Duration PATIENT = Duration.ofSeconds(10);
    /** Long enough that a trickled body outlasts every read timeout these tests use. */
    private static final int TRICKLED_BYTES = 2_000;
    private static final Duration TRICKLE_EVERY = Duration.ofMillis(10);
    private static final ByteSize ROOMY = ByteSize.mib(1);
    /**
     * Longer than the 512 KiB the JDK drains in its own thread to keep a connection ({@code
     * http.KeepAlive.remainingData}): a rejected answer's socket is then always closed.
     */
    private static final int BEYOND_JDK_DRAIN = 600 * 1024;

    private ScriptedHttpServer server;
    private final BlockingHttp http = new BlockingHttp(PATIENT, PATIENT, ROOMY);

    @BeforeEach
    void start() throws IOException {
        server = new ScriptedHttpServer();
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    @Test
    void getsTheStatusAndTheBodyAsUtf8AskingForJson() throws Exception {
        server.on("/render", answer(200, "[{\"target\": \"größe\"}]"));

        Response response = http.get(server.uri("/render?target=a.*&format=json"));

        assertThat(response).isEqualTo(new Response(200, "[{\"target\": \"größe\"}]"));
        assertThat(server.requests()).singleElement().satisfies(r -> {
            assertThat(r.method()).isEqualTo("GET");
            assertThat(r.target()).isEqualTo("/render?target=a.*&format=json");
            assertThat(r.headers()).containsEntry("accept", "application/json");
        });
    }

    @Test
    void postsAFormAsUrlEncodedUtf8() throws Exception {
        server.on("/render", answer(200, "[]"));

        Response response = http.postForm(server.uri("/render"), "target=a%C3%BC&format=json");

        assertThat(response.status()).isEqualTo(200);
        assertThat(server.requests()).singleElement().satisfies(r -> {
            assertThat(r.method()).isEqualTo("POST");
            assertThat(r.body()).isEqualTo("target=a%C3%BC&format=json");
            assertThat(r.headers()).containsEntry("content-type", "application/x-www-form-urlencoded")
                    .containsEntry("accept", "application/json");
        });
    }

    @Test
    void anHttpErrorIsAnAnswerWithItsBody() throws Exception {
        server.on("/broken", answer(500, "{\"errors\": [\"boom\"]}"));

        assertThat(http.get(server.uri("/broken"))).isEqualTo(new Response(500, "{\"errors\": [\"boom\"]}"));
        assertThat(http.get(server.uri("/missing"))).isEqualTo(new Response(404, "nothing scripted for /missing"));
    }

    @Test
    void followsRedirects() throws Exception {
        server.on("/old", redirect("/new")).on("/new", answer(200, "moved"));

        assertThat(http.get(server.uri("/old"))).isEqualTo(new Response(200, "moved"));
    }

    @Test
    void requestsAnsweredOkOrWithAnErrorShareOneConnection() throws Exception {
        server.on("/ok", answer(200, "fine")).on("/broken", answer(500, "a body to read to its end"));

        http.get(server.uri("/ok"));
        http.postForm(server.uri("/broken"), "a=1");
        http.get(server.uri("/ok"));

        assertThat(server.requests()).hasSize(3);
        assertThat(server.acceptedConnections()).isEqualTo(1);
    }

    @Test
    void headersThatDoNotComeAreAReadTimeout() {
        server.on("/render", server.silence());
        BlockingHttp impatient = new BlockingHttp(PATIENT, Duration.ofMillis(300), ROOMY);

        Failure failure = failureOf(() -> impatient.get(server.uri("/render")));

        assertThat(failure.kind()).isEqualTo(Failure.Kind.READ_TIMEOUT);
        assertThat(failure).hasMessage("no complete answer within 300ms");
    }

    @Test
    void aBodyTrickledSlowerThanTheReadTimeoutIsAReadTimeoutThoughEachByteComesInTime() {
        server.on("/render", server.trickle(TRICKLED_BYTES, TRICKLE_EVERY));
        BlockingHttp impatient = new BlockingHttp(PATIENT, Duration.ofMillis(500), ROOMY);

        Failure failure = failureOf(() -> impatient.get(server.uri("/render")));

        assertThat(failure.kind()).isEqualTo(Failure.Kind.READ_TIMEOUT);
    }

    @Test
    void aBodyUpToTheLimitIsRead() throws Exception {
        String limit = "x".repeat(4096);
        server.on("/exact", answer(200, limit)).on("/chunked", ScriptedHttpServer.chunked(limit));
        BlockingHttp small = new BlockingHttp(PATIENT, PATIENT, ByteSize.kib(4));

        assertThat(small.get(server.uri("/exact")).body()).isEqualTo(limit);
        assertThat(small.get(server.uri("/chunked")).body()).isEqualTo(limit);
    }

    @Test
    void aLongerBodyIsNotReadAndItsConnectionIsClosed() {
        server.on("/declared", answer(200, "x".repeat(BEYOND_JDK_DRAIN))).on("/chunked", ScriptedHttpServer.chunked("x".repeat(50_000)));
        BlockingHttp small = new BlockingHttp(PATIENT, PATIENT, ByteSize.kib(4));

        Failure declared = failureOf(() -> small.get(server.uri("/declared")));
        Failure chunked = failureOf(() -> small.get(server.uri("/chunked")));

        assertThat(declared.kind()).isEqualTo(Failure.Kind.TOO_LARGE);
        assertThat(declared).hasMessage("an answer of " + BEYOND_JDK_DRAIN + " bytes, more than the limit of 4KiB");
        assertThat(chunked.kind()).isEqualTo(Failure.Kind.TOO_LARGE);
        assertThat(chunked).hasMessage("an answer of more than 4KiB (the limit; it came without a Content-Length)");
        assertThat(server.acceptedConnections()).as("the unread rest must not reach the next request").isEqualTo(2);
    }

    @Test
    void aShortRemainderTheJdkDrainsDoesNotReachTheNextRequest() throws Exception {
        server.on("/declared", answer(200, "x".repeat(4097))).on("/ok", answer(200, "fine"));
        BlockingHttp small = new BlockingHttp(PATIENT, PATIENT, ByteSize.kib(4));

        Failure declared = failureOf(() -> small.get(server.uri("/declared")));

        assertThat(declared.kind()).isEqualTo(Failure.Kind.TOO_LARGE);
        assertThat(small.get(server.uri("/ok"))).isEqualTo(new Response(200, "fine"));
        assertThat(server.requests()).extracting(ScriptedHttpServer.Request::target).containsExactly("/declared", "/ok");
    }

    @Test
    void nothingListeningIsRefused() throws IOException {
        URI closed;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + probe.getLocalPort() + "/render");
        }

        Failure failure = failureOf(() -> http.get(closed));

        assertThat(failure.kind()).isEqualTo(Failure.Kind.REFUSED);
        assertThat(failure).hasMessage("connection refused");
    }

    @Test
    void aListenerThatTakesNoMoreConnectionsIsAConnectTimeout() throws IOException {
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> queued = fillAcceptQueue(full);
            try {
                BlockingHttp hasty = new BlockingHttp(Duration.ofMillis(200), PATIENT, ROOMY);

                Failure failure = failureOf(() -> hasty.get(URI.create("http://127.0.0.1:" + full.getLocalPort() + "/render")));

                assertThat(failure.kind()).isEqualTo(Failure.Kind.CONNECT_TIMEOUT);
                assertThat(failure).hasMessage("no connection within 200ms");
            } finally {
                for (Socket s : queued) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aCallerInterruptedBeforehandSendsNothing() {
        server.on("/render", answer(200, "[]"));
        Thread.currentThread().interrupt();
        try {
            Failure failure = failureOf(() -> http.get(server.uri("/render")));

            assertThat(failure.kind()).isEqualTo(Failure.Kind.INTERRUPTED);
            assertThat(Thread.currentThread().isInterrupted()).as("interrupt status kept").isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(server.acceptedConnections()).isZero();
    }

    @Test
    void aCallerInterruptedWhileTheBodyTricklesStopsReading() throws Exception {
        server.on("/render", server.trickle(TRICKLED_BYTES, TRICKLE_EVERY));
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                if (server.awaitTrickling(PATIENT)) {
                    caller.interrupt();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "interrupter");
        interrupter.start();
        // The read timeout outlasts the whole trickle: only the interrupt can end this request early.
        BlockingHttp veryPatient = new BlockingHttp(PATIENT, TRICKLE_EVERY.multipliedBy(TRICKLED_BYTES * 2L), ROOMY);
        try {
            Failure failure = failureOf(() -> veryPatient.get(server.uri("/render")));

            assertThat(failure.kind()).isEqualTo(Failure.Kind.INTERRUPTED);
            assertThat(Thread.currentThread().isInterrupted()).as("interrupt status kept").isTrue();
        } finally {
            Thread.interrupted();
            interrupter.join();
        }
    }

    private static Failure failureOf(ThrowingCallable request) {
        Failure failure = catchThrowableOfType(Failure.class, request);
        assertThat(failure).as("the request's failure").isNotNull();
        return failure;
    }

    /**
     * Connects plain sockets to {@code listener}, which never accepts, until the kernel's accept queue
     * is full and a connection attempt times out; Linux then drops every further SYN.
     */
    private static List<Socket> fillAcceptQueue(ServerSocket listener) throws IOException {
        List<Socket> queued = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort()), 200);
                queued.add(socket);
            } catch (SocketTimeoutException e) {
                socket.close();
                return queued;
            }
        }
        for (Socket s : queued) {
            s.close();
        }
        Assumptions.abort("the kernel kept accepting connections into a backlog of 1; cannot provoke a connect timeout");
        return queued;
    }
}
