package dev.lachesis.it.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The requests a user (or {@code flink run}, or the web UI) makes of a Flink JobManager's REST
 * endpoint that a cluster test needs: how many TaskManagers are registered, a job jar uploaded
 * ({@code POST /jars/upload}, multipart) and run ({@code POST /jars/<id>/run}), a job's state and
 * where its subtasks run. Thread-safe.
 */
final class FlinkRestApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    FlinkRestApi(URI base) {
        this.base = base;
    }

    /** The TaskManagers registered, by their resource ids ({@code taskmanager.resource-id}). */
    List<String> taskManagers() throws IOException, InterruptedException {
        List<String> ids = new ArrayList<>();
        get("/taskmanagers").path("taskmanagers").forEach(tm -> ids.add(tm.path("id").asText()));
        return ids;
    }

    /**
     * Uploads a job jar as the web UI does and runs its {@code entryClass} with {@code args} at
     * {@code parallelism}, as {@code flink run -c entryClass -p parallelism jar args} does.
     *
     * @return the job's id
     */
    String run(Path jar, String entryClass, List<String> args, int parallelism) throws IOException, InterruptedException {
        String boundary = "lachesis-" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"jarfile\"; filename=\""
                + jar.getFileName() + "\"\r\nContent-Type: application/x-java-archive\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(Files.readAllBytes(jar));
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        JsonNode uploaded = send(HttpRequest.newBuilder(base.resolve("/jars/upload"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
        String file = uploaded.path("filename").asText();
        String jarId = Path.of(file).getFileName().toString();

        ObjectNode request = JSON.createObjectNode();
        request.put("entryClass", entryClass);
        args.forEach(request.putArray("programArgsList")::add);
        request.put("parallelism", parallelism);
        JsonNode ran = send(HttpRequest.newBuilder(base.resolve("/jars/" + jarId + "/run"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(request))));
        return ran.path("jobid").asText();
    }

    /** The job's state ({@code RUNNING}, {@code RESTARTING}, ...). */
    String jobState(String job) throws IOException, InterruptedException {
        return get("/jobs/" + job).path("state").asText();
    }

    /**
     * Where each running subtask of the job runs: {@code "<vertex name> (<index + 1>/<parallelism>)"}
     * (the start of its thread's name) to the TaskManager's resource id, for subtasks that run now.
     */
    Map<String, String> runningSubtasks(String job) throws IOException, InterruptedException {
        Map<String, String> placement = new LinkedHashMap<>();
        for (JsonNode vertex : get("/jobs/" + job).path("vertices")) {
            JsonNode detail = get("/jobs/" + job + "/vertices/" + vertex.path("id").asText());
            int parallelism = detail.path("parallelism").asInt();
            for (JsonNode subtask : detail.path("subtasks")) {
                if ("RUNNING".equals(subtask.path("status").asText())) {
                    placement.put(vertex.path("name").asText() + " (" + (subtask.path("subtask").asInt() + 1) + "/"
                            + parallelism + ")", subtask.path("taskmanager-id").asText());
                }
            }
        }
        return placement;
    }

    private JsonNode get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    private JsonNode send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> answer = http.send(request.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() / 100 != 2) {
            throw new IOException(answer.request().method() + " " + answer.uri() + " answered " + answer.statusCode()
                    + ": " + answer.body());
        }
        return JSON.readTree(answer.body());
    }

    @Override
    public String toString() {
        return base.toString();
    }
}
