package dev.lachesis.drivers.flink;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where Flink's Graphite reporter puts a subtask's task metrics, from the cluster's
 * {@code metrics.scope.task} format: builds the glob for one vertex's subtasks and reads the
 * subtask and metric back from a series name.
 *
 * <p>Flink's default format, {@code <host>.taskmanager.<tm_id>.<job_name>.<task_name>.<subtask_index>},
 * names jobs and tasks only: two jobs or vertices with the same names collide, and names are
 * escaped on their way to Graphite (Flink replaces {@code .} with {@code -} and drops {@code "};
 * the Dropwizard sender turns each run of white space into {@code -}), which this class repeats.
 * The recommended format puts the ids first and keeps the names for humans:
 * {@value #RECOMMENDED}. With ids in the scope, names are matched by {@code *} and never
 * compared, so renamed or oddly escaped names cannot hide a series. Variables other than
 * {@code <job_id>}, {@code <task_id>}, {@code <job_name>}, {@code <task_name>} and
 * {@code <subtask_index>} match anything. Immutable.
 */
final class GraphiteTaskScope {
    /** Flink's default {@code metrics.scope.task}. */
    static final String FLINK_DEFAULT = "<host>.taskmanager.<tm_id>.<job_name>.<task_name>.<subtask_index>";
    /** The {@code metrics.scope.task} this driver recommends. */
    static final String RECOMMENDED = "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<task_name>";

    private static final Pattern VARIABLE = Pattern.compile("<([a-z_]+)>");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private final String format;
    private final List<String> nodes;
    private final int subtaskNode;
    private final boolean jobById;
    private final boolean taskById;

    private GraphiteTaskScope(String format, List<String> nodes, int subtaskNode) {
        this.format = format;
        this.nodes = nodes;
        this.subtaskNode = subtaskNode;
        this.jobById = format.contains("<job_id>");
        this.taskById = format.contains("<task_id>");
    }

    /**
     * Reads a {@code metrics.scope.task} format.
     *
     * @throws IllegalArgumentException saying what the format lacks
     */
    static GraphiteTaskScope parse(String format) {
        List<String> nodes = List.of(format.split("\\.", -1));
        int subtask = nodes.indexOf("<subtask_index>");
        if (subtask < 0) {
            throw new IllegalArgumentException("must have <subtask_index> as a node of its own");
        }
        if (!format.contains("<job_id>") && !format.contains("<job_name>")) {
            throw new IllegalArgumentException("must name the job with <job_id> (recommended) or <job_name>");
        }
        if (!format.contains("<task_id>") && !format.contains("<task_name>")) {
            throw new IllegalArgumentException("must name the task with <task_id> (recommended) or <task_name>");
        }
        for (String node : nodes) {
            if (node.isEmpty()) {
                throw new IllegalArgumentException("has an empty node");
            }
        }
        return new GraphiteTaskScope(format, nodes, subtask);
    }

    String format() {
        return format;
    }

    /** The glob of the given metric suffix (e.g. {@code {numRecordsIn,numRecordsOut}.count}) for every subtask of a vertex. */
    String glob(FlinkJob job, FlinkVertex vertex, String metricSuffix) {
        return glob(job, List.of(vertex), metricSuffix);
    }

    /**
     * The glob of the given metric suffix for every subtask of several vertices of one job: where
     * the vertices' nodes differ, the node lists them as alternatives ({@code {id1,id2}}), so one
     * target selects them all.
     */
    String glob(FlinkJob job, List<FlinkVertex> vertices, String metricSuffix) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (i == subtaskNode) {
                parts.add("*");
                continue;
            }
            Set<String> values = new LinkedHashSet<>();
            for (FlinkVertex vertex : vertices) {
                values.add(node(nodes.get(i), job, vertex, true));
            }
            parts.add(values.size() == 1 ? values.iterator().next() : "{" + String.join(",", values) + "}");
        }
        return String.join(".", parts) + "." + metricSuffix;
    }

    /**
     * The subtask index and the metric suffix of a series name, when the name belongs to this vertex.
     */
    Optional<Match> match(String seriesName, FlinkJob job, FlinkVertex vertex) {
        String[] parts = seriesName.split("\\.", -1);
        if (parts.length <= nodes.size()) {
            return Optional.empty();
        }
        for (int i = 0; i < nodes.size(); i++) {
            if (i == subtaskNode) {
                continue;
            }
            String expected = node(nodes.get(i), job, vertex, false);
            if (expected != null && !expected.equals(parts[i])) {
                return Optional.empty();
            }
        }
        String index = parts[subtaskNode];
        if (index.isEmpty() || index.length() > 6 || !index.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        String suffix = String.join(".", List.of(parts).subList(nodes.size(), parts.length));
        return Optional.of(new Match(Integer.parseInt(index), suffix));
    }

    /** A series of one subtask: its index and the metric nodes after the scope. */
    record Match(int subtaskIndex, String metricSuffix) {
    }

    /**
     * One node with the variables it can know filled in: as a glob (unknown parts become {@code *})
     * or as the literal to compare with ({@code null} when it holds an unknown part).
     */
    private String node(String node, FlinkJob job, FlinkVertex vertex, boolean glob) {
        Matcher m = VARIABLE.matcher(node);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = switch (m.group(1)) {
                case "job_id" -> job.id();
                case "task_id" -> vertex.id();
                case "job_name" -> jobById ? null : escape(job.name());
                case "task_name" -> taskById ? null : escape(vertex.name());
                default -> null;
            };
            if (value == null && !glob) {
                return null;
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? "*" : glob ? globLiteral(value) : value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A name as Flink's Graphite reporter writes it into a series name. */
    static String escape(String name) {
        String flink = name.replace("\"", "").replace('.', '-');
        return WHITESPACE.matcher(flink.strip()).replaceAll("-");
    }

    /** Glob-special characters match themselves only through {@code ?} (any one character). */
    private static String globLiteral(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            out.append("*?[]{},".indexOf(c) >= 0 ? '?' : c);
        }
        return out.toString();
    }
}
