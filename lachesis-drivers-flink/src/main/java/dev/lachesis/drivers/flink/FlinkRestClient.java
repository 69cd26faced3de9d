package dev.lachesis.drivers.flink;

import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.http.BlockingHttp;
import dev.lachesis.core.spi.DriverException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks a Flink cluster's REST endpoint (the JobManager's {@code rest.port}) for jobs, their graphs
 * and subtask metrics, in the calling thread ({@link BlockingHttp}, one kept-alive connection), each
 * request bounded by the timeout for connecting and again for the whole answer, and by
 * {@link #MAX_ANSWER} in size. Every failure is a {@link DriverException} naming the URL. Thread-safe.
 */
final class FlinkRestClient {
    /**
     * The longest path and query of one request. Flink's REST server (Netty's default codec) refuses
     * a request line over 4096 bytes, answering 404 "Not found: /bad-request" (checked on 1.20.5);
     * longer metric lists are split over several requests.
     */
    static final int MAX_PATH_AND_QUERY_CHARS = 3_900;
    /**
     * The longest answer read. The driver's answers are small (a job's graph takes some 2 KB a
     * vertex, its vertex metrics less); a longer one, from a proxy or another service on the REST
     * port, fails the round instead of filling the daemon's 64 MiB heap.
     */
    static final ByteSize MAX_ANSWER = ByteSize.mib(4);

    private final URI base;
    private final BlockingHttp http;

    FlinkRestClient(URI base, Duration timeout) {
        this(base, timeout, MAX_ANSWER);
    }

    // VisibleForTesting
    FlinkRestClient(URI base, Duration timeout, ByteSize maxAnswer) {
        String text = base.toString();
        this.base = URI.create(text.endsWith("/") ? text : text + "/");
        this.http = new BlockingHttp(timeout, timeout, maxAnswer);
    }

    URI base() {
        return base;
    }

    /** The running jobs. */
    List<FlinkRestJson.JobSummary> runningJobs() throws DriverException {
        String url = "jobs/overview";
        return parse(url, () -> FlinkRestJson.runningJobs(get(url)));
    }

    /** A job's vertices and their inputs. */
    FlinkJob job(String jobId) throws DriverException {
        String url = "jobs/" + jobId;
        return parse(url, () -> FlinkRestJson.job(get(url)));
    }

    /**
     * Metric values of a vertex's subtasks, in as few requests as the URL length allows (one for
     * typical parallelism).
     *
     * @param metricIds ids in REST's vertex form, {@code <subtask index>.<metric name>}
     * @return metric id → value; metrics Flink does not know (yet) are absent
     */
    Map<String, Double> vertexMetrics(String jobId, String vertexId, List<String> metricIds) throws DriverException {
        String path = "jobs/" + jobId + "/vertices/" + vertexId + "/metrics?get=";
        Map<String, Double> values = new LinkedHashMap<>();
        int room = MAX_PATH_AND_QUERY_CHARS - base.getRawPath().length() - path.length();
        for (String chunk : chunks(metricIds, room)) {
            String url = path + chunk;
            values.putAll(parse(url, () -> FlinkRestJson.metricValues(get(url))));
        }
        return values;
    }

    private static List<String> chunks(List<String> ids, int maxChars) {
        List<String> chunks = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String id : ids) {
            String encoded = URLEncoder.encode(id, StandardCharsets.UTF_8);
            if (current.length() > 0 && current.length() + encoded.length() + 1 > maxChars) {
                chunks.add(current.toString());
                current.setLength(0);
            }
            if (current.length() > 0) {
                current.append(',');
            }
            current.append(encoded);
        }
        if (current.length() > 0) {
            chunks.add(current.toString());
        }
        return chunks;
    }

    private interface Answer<T> {
        T read() throws DriverException;
    }

    private <T> T parse(String relative, Answer<T> answer) throws DriverException {
        try {
            return answer.read();
        } catch (IllegalArgumentException e) {
            throw new DriverException("Flink REST " + base.resolve(relative) + " answered something unexpected: "
                    + e.getMessage(), e);
        }
    }

    private String get(String relative) throws DriverException {
        URI uri = base.resolve(relative);
        try {
            BlockingHttp.Response response = http.get(uri);
            if (response.status() != 200) {
                throw new DriverException("Flink REST " + uri + " answered HTTP " + response.status());
            }
            return response.body();
        } catch (BlockingHttp.Failure e) {
            if (e.kind() == BlockingHttp.Failure.Kind.INTERRUPTED) {
                throw new DriverException("interrupted while asking Flink REST " + uri, e);
            }
            if (e.kind() == BlockingHttp.Failure.Kind.TOO_LARGE) {
                throw new DriverException("Flink REST " + uri + " sent " + e.getMessage(), e);
            }
            throw new DriverException("Flink REST " + uri + " cannot be reached: " + e.getMessage(), e);
        }
    }
}
