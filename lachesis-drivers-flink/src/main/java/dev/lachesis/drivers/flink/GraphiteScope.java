package dev.lachesis.drivers.flink;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where Flink's Graphite reporter puts a subtask's metrics, from the cluster's
 * {@code metrics.scope.task} format (task metrics) or {@code metrics.scope.operator} format
 * (operator metrics, read for a source's {@code source-queue-size}): builds the glob for one
 * vertex's subtasks and reads the subtask and metric back from a series name.
 *
 * <p>Flink's default formats, {@value #TASK_DEFAULT} and {@value #OPERATOR_DEFAULT}, name jobs,
 * tasks and operators only: two jobs or vertices with the same names collide, and names are
 * escaped on their way to Graphite (Flink replaces {@code .} with {@code -} and drops {@code "};
 * the Dropwizard sender turns each run of white space into {@code -}), which this class repeats.
 * The recommended formats put the ids first and keep the names for humans:
 * {@value #TASK_RECOMMENDED} and {@value #OPERATOR_RECOMMENDED}. With ids in the scope, names are
 * matched by {@code *} and never compared, so renamed or oddly escaped names cannot hide a series.
 *
 * <p>In an operator scope, the operator is the vertex's first (head) operator, the only one whose
 * metrics the driver reads (a source is always the head of its chain): its {@code <operator_id>}
 * is the vertex id (Flink derives both from the same hash) and its {@code <operator_name>} the
 * first name of the chain, cut to Flink's 80 characters. Variables other than {@code <job_id>},
 * {@code <task_id>}, {@code <operator_id>}, {@code <job_name>}, {@code <task_name>},
 * {@code <operator_name>} and {@code <subtask_index>} match anything. Immutable.
 */
final class GraphiteScope {
    /** Flink's default {@code metrics.scope.task}. */
    static final String TASK_DEFAULT = "<host>.taskmanager.<tm_id>.<job_name>.<task_name>.<subtask_index>";
    /** The {@code metrics.scope.task} this driver recommends. */
    static final String TASK_RECOMMENDED = "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<task_name>";
    /** Flink's default {@code metrics.scope.operator}. */
    static final String OPERATOR_DEFAULT = "<host>.taskmanager.<tm_id>.<job_name>.<operator_name>.<subtask_index>";
    /** The {@code metrics.scope.operator} this driver recommends. */
    static final String OPERATOR_RECOMMENDED =
            "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<operator_id>.<operator_name>";

    private static final Pattern VARIABLE = Pattern.compile("<([a-z_]+)>");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private final String format;
    private final List<String> nodes;
    private final int subtaskNode;
    private final boolean jobById;
    private final boolean taskById;
    private final boolean operatorById;

    private GraphiteScope(String format, List<String> nodes, int subtaskNode) {
        this.format = format;
        this.nodes = nodes;
        this.subtaskNode = subtaskNode;
        this.jobById = format.contains("<job_id>");
        this.taskById = format.contains("<task_id>");
        this.operatorById = format.contains("<operator_id>");
    }

    /**
     * Reads a {@code metrics.scope.task} format.
     *
     * @throws IllegalArgumentException saying what the format lacks
     */
    static GraphiteScope task(String format) {
        return parse(format, "task");
    }

    /**
     * Reads a {@code metrics.scope.operator} format.
     *
     * @throws IllegalArgumentException saying what the format lacks
     */
    static GraphiteScope operator(String format) {
        return parse(format, "operator");
    }

    private static GraphiteScope parse(String format, String level) {
        List<String> nodes = List.of(format.split("\\.", -1));
        int subtask = nodes.indexOf("<subtask_index>");
        if (subtask < 0) {
            throw new IllegalArgumentException("must have <subtask_index> as a node of its own");
        }
        if (!format.contains("<job_id>") && !format.contains("<job_name>")) {
            throw new IllegalArgumentException("must name the job with <job_id> (recommended) or <job_name>");
        }
        if (!format.contains("<" + level + "_id>") && !format.contains("<" + level + "_name>")) {
            throw new IllegalArgumentException("must name the " + level + " with <" + level + "_id> (recommended) or <"
                    + level + "_name>");
        }
        for (String node : nodes) {
            if (node.isEmpty()) {
                throw new IllegalArgumentException("has an empty node");
            }
        }
        return new GraphiteScope(format, nodes, subtask);
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
        return nodesOf(job, vertex).match(seriesName.split("\\.", -1));
    }

    /**
     * What a series name of this vertex holds in each node of the scope, worked out once so that
     * many series can be compared with it (a round reads a hundred series of ten vertices).
     */
    VertexNodes nodesOf(FlinkJob job, FlinkVertex vertex) {
        String[] expected = new String[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            expected[i] = i == subtaskNode ? null : node(nodes.get(i), job, vertex, false);
        }
        return new VertexNodes(expected, subtaskNode);
    }

    /** The literal nodes of one vertex's series names ({@code null} where any value fits). Immutable. */
    static final class VertexNodes {
        private final String[] expected;
        private final int subtaskNode;

        private VertexNodes(String[] expected, int subtaskNode) {
            this.expected = expected;
            this.subtaskNode = subtaskNode;
        }

        /** The subtask and metric of a series name split at its dots, when it belongs to the vertex. */
        Optional<Match> match(String[] parts) {
            if (parts.length <= expected.length) {
                return Optional.empty();
            }
            for (int i = 0; i < expected.length; i++) {
                if (expected[i] != null && !expected[i].equals(parts[i])) {
                    return Optional.empty();
                }
            }
            String index = parts[subtaskNode];
            if (index.isEmpty() || index.length() > 6 || !index.chars().allMatch(Character::isDigit)) {
                return Optional.empty();
            }
            String suffix = String.join(".", Arrays.asList(parts).subList(expected.length, parts.length));
            return Optional.of(new Match(Integer.parseInt(index), suffix));
        }
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
                case "operator_id" -> vertex.id();
                case "operator_name" -> operatorById ? null : escape(FlinkTaskMetric.operatorNameInMetrics(vertex.operatorNames().get(0)));
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
