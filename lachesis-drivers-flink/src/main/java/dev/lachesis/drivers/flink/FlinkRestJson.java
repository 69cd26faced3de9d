package dev.lachesis.drivers.flink;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the answers of Flink's REST API (1.20 and 2.x share these shapes): running jobs from
 * {@code /jobs/overview}, a job's vertices and their inputs from {@code /jobs/<id>} (which embeds
 * the plan) and metric values from {@code /jobs/<id>/vertices/<vid>/metrics?get=…}. Takes strings
 * and returns values, so it is tested with captured answers. Stateless and thread-safe.
 */
final class FlinkRestJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CHAIN_SEPARATOR = " -> ";

    private FlinkRestJson() {
    }

    /**
     * A job in {@code /jobs/overview}.
     *
     * @param tasks its number of subtasks ({@code tasks.total}); it changes when the job is rescaled
     */
    record JobSummary(String id, String name, int tasks) {
    }

    /**
     * The running jobs of {@code /jobs/overview}.
     *
     * @throws IllegalArgumentException when the text is not that answer
     */
    static List<JobSummary> runningJobs(String overview) {
        JsonNode jobs = parse(overview).path("jobs");
        if (!jobs.isArray()) {
            throw new IllegalArgumentException("no 'jobs' list in the answer");
        }
        List<JobSummary> running = new ArrayList<>();
        for (JsonNode job : jobs) {
            if ("RUNNING".equals(job.path("state").asText())) {
                running.add(new JobSummary(job.path("jid").asText(), job.path("name").asText(),
                        job.path("tasks").path("total").asInt(-1)));
            }
        }
        return running;
    }

    /**
     * A job's vertices from {@code /jobs/<id>}: names and parallelism from {@code vertices}, inputs
     * from the embedded {@code plan}.
     *
     * @throws IllegalArgumentException when the text is not that answer
     */
    static FlinkJob job(String jobDetails) {
        JsonNode root = parse(jobDetails);
        JsonNode vertices = root.path("vertices");
        if (!root.hasNonNull("jid") || !vertices.isArray()) {
            throw new IllegalArgumentException("no 'jid' or 'vertices' in the answer");
        }
        Map<String, List<String>> inputs = new LinkedHashMap<>();
        for (JsonNode node : root.path("plan").path("nodes")) {
            List<String> from = new ArrayList<>();
            for (JsonNode input : node.path("inputs")) {
                from.add(input.path("id").asText());
            }
            inputs.put(node.path("id").asText(), from);
        }
        List<FlinkVertex> result = new ArrayList<>();
        for (JsonNode vertex : vertices) {
            String id = vertex.path("id").asText();
            String name = vertex.path("name").asText();
            result.add(new FlinkVertex(id, name, Math.max(1, vertex.path("parallelism").asInt(1)), chain(name),
                    inputs.getOrDefault(id, List.of())));
        }
        return new FlinkJob(root.path("jid").asText(), root.path("name").asText(), result);
    }

    /**
     * The values of {@code /jobs/<id>/vertices/<vid>/metrics?get=…}: metric id → value. Values that
     * are not numbers are left out; Flink leaves out metrics it does not know.
     *
     * @throws IllegalArgumentException when the text is not a list of metrics
     */
    static Map<String, Double> metricValues(String answer) {
        JsonNode list = parse(answer);
        if (!list.isArray()) {
            throw new IllegalArgumentException("the answer is not a list of metrics");
        }
        Map<String, Double> values = new LinkedHashMap<>();
        for (JsonNode metric : list) {
            try {
                values.put(metric.path("id").asText(), Double.parseDouble(metric.path("value").asText()));
            } catch (NumberFormatException e) {
                // A gauge that reports text (or nothing yet) carries no number this round.
                continue;
            }
        }
        return values;
    }

    /** The operator names of a chain from the task name Flink gives its vertex and threads. */
    static List<String> chain(String taskName) {
        List<String> names = new ArrayList<>();
        int start = 0;
        while (true) {
            int cut = taskName.indexOf(CHAIN_SEPARATOR, start);
            if (cut < 0) {
                names.add(taskName.substring(start));
                return names;
            }
            names.add(taskName.substring(start, cut));
            start = cut + CHAIN_SEPARATOR.length();
        }
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
    }
}
