package dev.lachesis.experiments.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
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
     * Prints the table for a round's JSON, or a line saying no round came yet.
     *
     * @param applies whether the daemon applies its plan (otherwise the SET column says it only plans)
     */
    static void print(PrintWriter out, String roundJson, boolean applies) {
        if (roundJson == null) {
            out.println("  (no scheduling round yet: the daemon waits for a few seconds of metrics)");
            return;
        }
        List<Row> rows;
        try {
            rows = rows(JSON.readTree(roundJson), applies);
        } catch (JsonProcessingException e) {
            out.println("  (the daemon printed a round that is not JSON: " + e.getOriginalMessage() + ")");
            return;
        }
        rows.sort(Comparator.comparing((Row r) -> !r.kind().equals("main")).thenComparing(r -> -r.queueSize())
                .thenComparing(Row::thread));
        String format = "  %-12s %-34s %-6s %14s %9s %-13s %-10s%n";
        out.printf(format, "OPERATOR", "THREAD", "KIND", "QUEUE", "PRIORITY", "SET", "APPLIED");
        for (Row r : rows.subList(0, Math.min(MAX_ROWS, rows.size()))) {
            out.printf(format, r.operator(), cut(r.thread(), 34), r.kind(), r.queue(), number(r.priority()), r.set(),
                    r.applied());
        }
        if (rows.isEmpty()) {
            out.println(applies ? "  (the translator applied nothing this round; see the daemon's warnings)"
                    : "  (the policy ranked no thread this round)");
        }
        if (rows.size() > MAX_ROWS) {
            out.printf("  ... and %d more helper threads%n", rows.size() - MAX_ROWS);
        }
    }

    private static List<Row> rows(JsonNode round, boolean applies) {
        List<Row> rows = new ArrayList<>();
        for (JsonNode t : round) {
            String queue = "-";
            double size = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = t.path("metrics").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> m = it.next();
                size = m.getValue().asDouble();
                queue = number(size) + " " + QUEUE_NAMES.getOrDefault(m.getKey(), m.getKey());
            }
            String set = applies ? t.path("mechanism").asText() + " " + t.path("value").asLong() : "(plans only)";
            String applied = ThreadSched.of(t.path("pid").asLong(), t.path("tid").asLong()).map(ThreadSched::label)
                    .orElse("gone");
            String operator = t.path("operator").isNull() ? "-" : component(t.path("operator").asText("-"));
            rows.add(new Row(operator, t.path("thread").asText(), t.path("kind").asText(), queue, size,
                    t.path("priority").asDouble(), set, applied));
        }
        return rows;
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
