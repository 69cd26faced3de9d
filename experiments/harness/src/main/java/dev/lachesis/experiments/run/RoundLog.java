package dev.lachesis.experiments.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rounds a daemon printed ({@code lachesis run --rounds json}, one JSON object per line), kept
 * so a run can tell afterwards what the daemon saw and did in its measurement window: the queue of
 * every operator's main thread, the value applied to it and how long each round took; and which
 * native threads are an operator's main threads. The last
 * round's raw line is kept for the demo's live table. Other output lines are passed on.
 * Thread-safe: the daemon's output reader adds, the run's thread reads.
 */
public final class RoundLog implements Consumer<String> {
    private static final Logger LOG = LoggerFactory.getLogger(RoundLog.class);
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    /** A Flink task thread's name: {@code <operator name> (<subtask>/<parallelism>)#<attempt>}. */
    private static final Pattern FLINK_TASK_THREAD = Pattern.compile("(.+) \\(\\d+/\\d+\\)#\\d+");
    /** How every round line starts. */
    public static final String MARKER = "{\"startedAt\"";

    /** One operator main thread as a round ranked it: its operator, native thread id, queue and priority. */
    public record OperatorThread(String operator, long tid, double queue, double priority, long value,
                                 String mechanism) {
    }

    /** One round: when it started, how long it took, the operator main threads it ranked. */
    public record Round(long startedAtEpochMillis, double durationMs, List<OperatorThread> operators) {
        /**
         * This round without the threads a cgroup translator placed ({@code cpu.shares},
         * {@code cpu.weight}: a group's share, the same for all its threads), so that a thread's
         * applied value is its own priority (nice, real-time) where a mode uses both dimensions.
         */
        public Round threadPriorities() {
            return new Round(startedAtEpochMillis, durationMs,
                    operators.stream().filter(t -> !t.mechanism().startsWith("cpu.")).toList());
        }
    }

    private final Consumer<String> otherLines;
    private final boolean namesBySpe;
    private final List<Round> rounds = new ArrayList<>();
    private String latest;
    private String lastRanked;
    /** Only the output reader's thread touches it. */
    private boolean warned;

    /** @param otherLines receives the lines that are not rounds */
    public RoundLog(Consumer<String> otherLines) {
        this(otherLines, false);
    }

    /**
     * @param otherLines receives the lines that are not rounds
     * @param namesBySpe whether to name each operator {@code <spe>:<operator>} (the name of its
     *     {@code spes:} entry first), for a daemon scheduling queries on several SPEs whose operators
     *     may share names
     */
    public RoundLog(Consumer<String> otherLines, boolean namesBySpe) {
        this.otherLines = otherLines;
        this.namesBySpe = namesBySpe;
    }

    @Override
    public void accept(String line) {
        if (!line.startsWith(MARKER)) {
            otherLines.accept(line);
            return;
        }
        Round round;
        try {
            round = parse(JSON.readTree(line), namesBySpe);
        } catch (JsonProcessingException | DateTimeParseException e) {
            // Never throw into the child's output reader: a stopped reader would block the child.
            if (!warned) {
                warned = true;
                LOG.warn("Ignoring daemon rounds that cannot be read, such as: {}", line);
            }
            return;
        }
        synchronized (this) {
            rounds.add(round);
            latest = line;
            if (!line.contains("\"threads\":[]")) {
                lastRanked = line;
            }
        }
    }

    private static Round parse(JsonNode round, boolean namesBySpe) {
        List<OperatorThread> operators = new ArrayList<>();
        for (JsonNode t : round.path("threads")) {
            if (!t.path("kind").asText().equals("main") || t.path("operator").isNull()) {
                continue;
            }
            double queue = Double.NaN;
            for (Map.Entry<String, JsonNode> metric : t.path("metrics").properties()) {
                if (metric.getKey().endsWith("queue-size") || metric.getKey().endsWith("source-queue")) {
                    queue = metric.getValue().asDouble();
                }
            }
            String operator = operatorName(t.path("operator").asText(), t.path("thread").asText());
            operators.add(new OperatorThread(namesBySpe ? t.path("spe").asText() + ":" + operator : operator,
                    t.path("tid").asLong(), queue,
                    t.path("priority").asDouble(), t.path("value").asLong(), t.path("mechanism").asText()));
        }
        return new Round(Instant.parse(round.path("startedAt").asText()).toEpochMilli(),
                round.path("durationMs").asDouble(), operators);
    }

    /**
     * The operator's name as the user named it: for a Flink task thread {@code <name> (<i>/<n>)#<a>}
     * its {@code <name>} ({@code Source: source}, {@code parse}), since Flink's operator ids are
     * vertex ids; otherwise the {@link #component} of the id.
     */
    static String operatorName(String operatorId, String threadName) {
        Matcher flinkTask = FLINK_TASK_THREAD.matcher(threadName);
        return flinkTask.matches() ? flinkTask.group(1) : component(operatorId);
    }

    /**
     * The operator's name within its query: {@code parse} for the Storm id
     * {@code etl-1-1795436622/parse/3-3}, the last path element otherwise.
     */
    static String component(String operatorId) {
        String[] parts = operatorId.split("/");
        return parts.length >= 3 ? parts[parts.length - 2] : parts[parts.length - 1];
    }

    /** Rounds started in [fromEpochMillis, toEpochMillis), oldest first. */
    public synchronized List<Round> between(long fromEpochMillis, long toEpochMillis) {
        return rounds.stream().filter(r -> r.startedAtEpochMillis() >= fromEpochMillis
                && r.startedAtEpochMillis() < toEpochMillis).toList();
    }

    /** How many rounds arrived. */
    public synchronized int count() {
        return rounds.size();
    }

    /** The latest round's line, or {@code null} before the first. */
    public synchronized String latest() {
        return latest;
    }

    /** The latest round's line that ranked a thread, or {@code null}. */
    public synchronized String lastRanked() {
        return lastRanked;
    }

    /** Per operator, the native ids of its main threads in the rounds; sorted by name. */
    public static Map<String, Set<Long>> mainThreads(List<Round> rounds) {
        Map<String, Set<Long>> threads = new TreeMap<>();
        rounds.forEach(r -> r.operators().forEach(t ->
                threads.computeIfAbsent(t.operator(), k -> new TreeSet<>()).add(t.tid())));
        return threads;
    }

    /** Per operator, the mean of {@code value} over the rounds' main threads that have it; sorted by name. */
    public static Map<String, Double> meanPerOperator(List<Round> rounds,
                                                      java.util.function.ToDoubleFunction<OperatorThread> value) {
        Map<String, double[]> sums = new TreeMap<>();
        for (Round r : rounds) {
            for (OperatorThread t : r.operators()) {
                double v = value.applyAsDouble(t);
                if (!Double.isNaN(v)) {
                    double[] sum = sums.computeIfAbsent(t.operator(), k -> new double[2]);
                    sum[0] += v;
                    sum[1]++;
                }
            }
        }
        Map<String, Double> means = new TreeMap<>();
        sums.forEach((operator, sum) -> means.put(operator, sum[0] / sum[1]));
        return means;
    }
}
