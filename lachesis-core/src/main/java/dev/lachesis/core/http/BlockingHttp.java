package dev.lachesis.core.http;

import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.config.DurationText;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * A blocking HTTP/1.1 GET or form POST in the caller's thread, over {@link HttpURLConnection}, which
 * keeps the connection alive for the next request by itself. It exists because the JDK's
 * {@code java.net.http.HttpClient} runs a selector thread and worker threads and hands every request
 * between them: measured on a running daemon (one small Graphite request per 1 s round), that cost
 * about 0.2% of a core, a third of the daemon's whole budget, and building the client was a large part
 * of start-up.
 *
 * <p>Connecting waits at most the connect timeout. The answer (headers and body) must then arrive
 * within the read timeout: each read of the socket waits at most that long, and the body is read in
 * chunks against a deadline that long after connecting, so a server that trickles its body byte by
 * byte is given up on within twice the read timeout at worst. (HttpURLConnection parses the headers
 * itself; there only each read is bounded.) A body longer than the size limit is not read: a peer
 * that answers 50 MB (a render target that matches far too much) fails the request with
 * {@link Failure.Kind#TOO_LARGE} instead of filling the daemon's 64 MiB heap; the limit holds for
 * a body sent without a length too. Redirects are followed, {@code Accept: application/json}
 * is sent, the body is decoded as UTF-8, and an error status is an answer, not a failure. Every
 * answer, error or not, is read to its end and closed so that the socket is reused. A failed
 * request's connection is disconnected: the JDK closes its socket, except that it may first drain a
 * remainder of at most {@code http.KeepAlive.remainingData} (512 KiB by default) in its own thread
 * and then reuse the socket. Either way the rest of a rejected answer never reaches the next request.
 *
 * <p>A blocking socket read does not wake up on {@link Thread#interrupt()}: an interrupted caller
 * gets a {@link Failure.Kind#INTERRUPTED} failure before the request, between chunks of the body, or
 * when the current read ends. Its interrupt status stays set. Thread-safe; holds no connection itself.
 */
public final class BlockingHttp {
    private static final int CHUNK_BYTES = 8192;

    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final ByteSize maxBody;

    /**
     * @param connectTimeout how long to wait for a connection
     * @param readTimeout how long to wait for the whole answer once connected
     * @param maxBody the longest body read; a longer one fails the request
     */
    public BlockingHttp(Duration connectTimeout, Duration readTimeout, ByteSize maxBody) {
        this.connectTimeout = positive(connectTimeout, "connectTimeout");
        this.readTimeout = positive(readTimeout, "readTimeout");
        this.maxBody = Objects.requireNonNull(maxBody, "maxBody");
        if (maxBody.bytes() < 1 || maxBody.bytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxBody must be from 1 byte to 2GiB, was " + maxBody);
        }
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    public Duration readTimeout() {
        return readTimeout;
    }

    public ByteSize maxBody() {
        return maxBody;
    }

    /** Sends a GET to {@code uri} and returns the answer, whatever its status. */
    public Response get(URI uri) throws Failure {
        return exchange(uri, null);
    }

    /**
     * Sends {@code form} (already URL-encoded, {@code a=1&b=2}) to {@code uri} as a POST of
     * {@code application/x-www-form-urlencoded} and returns the answer, whatever its status.
     */
    public Response postForm(URI uri, String form) throws Failure {
        return exchange(uri, form.getBytes(StandardCharsets.UTF_8));
    }

    private Response exchange(URI uri, byte[] form) throws Failure {
        failIfInterrupted();
        HttpURLConnection connection = null;
        boolean answered = false;
        try {
            connection = open(uri, form != null);
            connect(connection);
            long deadline = System.nanoTime() + readTimeout.toNanos();
            if (form != null) {
                try (OutputStream out = connection.getOutputStream()) {
                    out.write(form);
                }
            }
            int status = connection.getResponseCode();
            InputStream body = status >= HttpURLConnection.HTTP_BAD_REQUEST ? connection.getErrorStream()
                    : connection.getInputStream();
            Response response = new Response(status, readToEnd(body, connection.getContentLengthLong(), deadline));
            answered = true;
            return response;
        } catch (ConnectException e) {
            throw failure(Failure.Kind.REFUSED, "connection refused", e);
        } catch (SocketTimeoutException e) {
            throw failure(Failure.Kind.READ_TIMEOUT, "no complete answer within " + DurationText.format(readTimeout), e);
        } catch (IOException e) {
            throw failure(Failure.Kind.IO, e.toString(), e);
        } finally {
            if (!answered && connection != null) {
                connection.disconnect(); // what is left of the answer must not reach the next request
            }
        }
    }

    private HttpURLConnection open(URI uri, boolean post) throws IOException {
        if (!(uri.toURL().openConnection() instanceof HttpURLConnection connection)) {
            throw new IllegalArgumentException("not an http:// or https:// URL: " + uri);
        }
        connection.setConnectTimeout(millis(connectTimeout));
        connection.setReadTimeout(millis(readTimeout));
        connection.setInstanceFollowRedirects(true);
        connection.setRequestProperty("Accept", "application/json");
        if (post) {
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
        }
        return connection;
    }

    /** Connects, or takes a kept-alive connection; a timeout here is a connect timeout. */
    private void connect(HttpURLConnection connection) throws IOException, Failure {
        try {
            connection.connect();
        } catch (SocketTimeoutException e) {
            throw failure(Failure.Kind.CONNECT_TIMEOUT, "no connection within " + DurationText.format(connectTimeout), e);
        }
    }

    /**
     * Reads {@code body} (null when an error answer has none) to its end, by {@code deadline}, and
     * closes it; a body longer than {@link #maxBody} is left unread.
     *
     * @param declared the Content-Length, or -1 when the server sent none
     */
    private String readToEnd(InputStream body, long declared, long deadline) throws IOException, Failure {
        if (body == null) {
            return "";
        }
        long max = maxBody.bytes();
        if (declared > max) {
            throw new Failure(Failure.Kind.TOO_LARGE, "an answer of " + declared + " bytes, more than the limit of "
                    + maxBody, null);
        }
        // Sized up front when the length is known, so a large answer is not copied while it grows.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(declared > 0 ? (int) declared : CHUNK_BYTES);
        byte[] chunk = new byte[CHUNK_BYTES];
        while (true) {
            failIfInterrupted();
            if (System.nanoTime() - deadline > 0) {
                // Each read came in time but the whole answer did not: the same as a read that timed out.
                throw new SocketTimeoutException("answer incomplete at the deadline");
            }
            int n = body.read(chunk);
            if (n < 0) {
                body.close();
                return bytes.toString(StandardCharsets.UTF_8);
            }
            if (bytes.size() + (long) n > max) {
                throw new Failure(Failure.Kind.TOO_LARGE, "an answer of more than " + maxBody
                        + " (the limit; it came without a Content-Length)", null);
            }
            bytes.write(chunk, 0, n);
        }
    }

    private static void failIfInterrupted() throws Failure {
        if (Thread.currentThread().isInterrupted()) {
            throw new Failure(Failure.Kind.INTERRUPTED, "interrupted", null);
        }
    }

    /** A failure of {@code kind}, or {@link Failure.Kind#INTERRUPTED} when the caller was interrupted meanwhile. */
    private static Failure failure(Failure.Kind kind, String message, Throwable cause) {
        return Thread.currentThread().isInterrupted() ? new Failure(Failure.Kind.INTERRUPTED, "interrupted", cause)
                : new Failure(kind, message, cause);
    }

    private static Duration positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + d);
        }
        return d;
    }

    /** Whole milliseconds for HttpURLConnection, at least 1: there 0 means wait forever. */
    private static int millis(Duration d) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toMillis()));
    }

    /**
     * What the server answered.
     *
     * @param status the HTTP status code, after following redirects
     * @param body the body decoded as UTF-8, empty when there was none
     */
    public record Response(int status, String body) {
    }

    /** Why a request got no answer; {@link #kind()} tells the causes apart, the message says it in a few words. */
    public static final class Failure extends Exception {
        /** The causes a caller may treat differently. */
        public enum Kind {
            /** No connection within the connect timeout. */
            CONNECT_TIMEOUT,
            /** Connected, but the whole answer did not arrive within the read timeout. */
            READ_TIMEOUT,
            /** Nothing listens there (or a firewall rejects the connection). */
            REFUSED,
            /** Any other I/O failure: unknown host, connection reset, malformed answer. */
            IO,
            /** The body is longer than the size limit; it was not read. */
            TOO_LARGE,
            /** The calling thread was interrupted; its interrupt status is still set. */
            INTERRUPTED
        }

        private final Kind kind;

        Failure(Kind kind, String message, Throwable cause) {
            super(message, cause);
            this.kind = kind;
        }

        public Kind kind() {
            return kind;
        }
    }
}
