package dev.lachesis.experiments.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.lachesis.experiments.run.ThreadSched;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table the demo prints every few seconds from the daemon's last round ({@code lachesis run
 * --rounds json}): each thread the policy ranked with its operator, the queue that ranked it, the
 * policy's priority, what the translator set, and what the kernel reports for the thread now
 * ({@code /proc}), which is what is really applied. Operator threads first, then the busiest
 * helpers. Not thread-safe; one per demo.
 */
final class LiveTable {
    /** Rows shown at most; the rest are counted. */
    private static final int MAX_ROWS = 14;
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final Map<String, String> QUEUE_NAMES = Map.of("queue-size", "in", "input-queue-size", "in",
            "output-queue-size", "out", "source-queue-size", "source", "assumed-source-queue", "assumed");

    private record Row(String operator, String thread, String kind, String queue, double queueSize, double priority,
                       String set, String applied) {
    }

    /**
     * Prints the table for the daemon's latest round. When that round ranked or applied no thread
     * (the metrics lag, the translator backs off), it says so and shows the threads of the last round
     * that did, with what {@code /proc} says now.
     *
     * @param latestJson the latest round, or {@code null} before the first
     * @param lastRankedJson the latest round that listed threads, or {@code null}
     * @param applies whether the daemon applies its plan (otherwise the SET column says it only plans)
     */
    static void print(PrintWriter out, String latestJson, String lastRankedJson, boolean applies) {
        if (latestJson == null) {
            out.println("  (no scheduling round yet: the daemon waits for a few seconds of metrics)");
            return;
        }
        List<Row> rows = rows(out, latestJson, applies);
        if (rows.isEmpty()) {
            out.println(applies ? "  (the daemon's last round applied nothing; see its warnings)"
                    : "  (the daemon's last round ranked no thread; see its warnings)");
            if (lastRankedJson == null) {
                return;
            }
            out.println("  the threads as it last ranked them, applied as /proc says now:");
            rows = rows(out, lastRankedJson, applies);
        }
        rows.sort(Comparator.comparing((Row r) -> !r.kind().equals("main")).thenComparing(r -> -r.queueSize())
                .thenComparing(Row::thread));
        String format = "  %-16s %-34s %-6s %14s %9s %-13s %-10s%n";
        out.printf(format, "OPERATOR", "THREAD", "KIND", "QUEUE", "PRIORITY", "SET", "APPLIED");
        for (Row r : rows.subList(0, Math.min(MAX_ROWS, rows.size()))) {
            out.printf(format, r.operator(), cut(r.thread(), 34), r.kind(), r.queue(), number(r.priority()), r.set(),
                    r.applied());
        }
        if (rows.size() > MAX_ROWS) {
            out.printf("  ... and %d more helper threads%n", rows.size() - MAX_ROWS);
        }
    }

    /** The rows of a round, or none (with a line saying why) when the daemon printed something else. */
    private static List<Row> rows(PrintWriter out, String roundJson, boolean applies) {
        try {
            return rows(JSON.readTree(roundJson), applies);
        } catch (JsonProcessingException e) {
            out.println("  (the daemon printed a round that is not JSON: " + e.getOriginalMessage() + ")");
            return new ArrayList<>();
        }
    }

    private static List<Row> rows(JsonNode round, boolean applies) {
        List<Row> rows = new ArrayList<>();
        for (JsonNode t : round.path("threads")) {
            String queue = "-";
            double size = 0;
            for (Map.Entry<String, JsonNode> m : t.path("metrics").properties()) {
                size = m.getValue().asDouble();
                queue = number(size) + " " + QUEUE_NAMES.getOrDefault(m.getKey(), m.getKey());
            }
            String set = applies ? t.path("mechanism").asText() + " " + t.path("value").asLong() : "(plans only)";
            String applied = ThreadSched.of(t.path("pid").asLong(), t.path("tid").asLong()).map(ThreadSched::label)
                    .orElse("gone");
            rows.add(new Row(operatorLabel(t), t.path("thread").asText(), t.path("kind").asText(), queue, size,
                    t.path("priority").asDouble(), set, applied));
        }
        return rows;
    }

    /**
     * The operator as a user names it: its name with its parallel index ({@code join/0} for a Flink
     * subtask whose id is {@code 5d66…/0}), or, in a round that names none, the last part of its id.
     */
    private static String operatorLabel(JsonNode thread) {
        if (!thread.path("operator").isTextual()) {
            return "-";
        }
        String name = thread.path("operatorName").asText("");
        if (name.isEmpty()) {
            return component(thread.path("operator").asText());
        }
        return thread.path("instance").isNumber() ? name + "/" + thread.path("instance").asInt() : name;
    }

    /** {@code heavy/3-3} for the operator id {@code lachesis-demo-1-1795436622/heavy/3-3}: the query is known. */
    private static String component(String operatorId) {
        int slash = operatorId.indexOf('/');
        return slash < 0 ? operatorId : operatorId.substring(slash + 1);
    }

    private static String cut(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "…";
    }

    static String number(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e12) {
            return String.valueOf((long) value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }
}
