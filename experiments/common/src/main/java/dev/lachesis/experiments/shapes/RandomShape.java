package dev.lachesis.experiments.shapes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A query shape drawn from a seed, for judging a policy on queries it was not designed with: a
 * directed acyclic graph of {@value #MIN_OPERATORS}–{@value #MAX_OPERATORS} synthetic operators
 * ({@link Syn.Operator}: real CPU work and a selectivity) between one source and one sink. Each
 * operator takes its records from the one before it, from any earlier node (so one operator may feed
 * several, each getting every record), or from two earlier nodes at once (a merge); an operator no
 * later one reads feeds the sink. Costs are log-uniform from {@value #MIN_COST_MICROS} to
 * {@value #MAX_COST_MICROS} µs per record; selectivities are mostly filters (0.6–1, sometimes
 * 0.1–0.6) and now and then expansions (1–2, or 3), kept so that no operator emits more than
 * {@value #MAX_FAN} records per source record (a merge of two takes in at most twice that); a quarter
 * of the operators run two instances. The
 * source is a user's fixed-rate generator that publishes its backlog ({@code source-queue-size}) or,
 * drawn with even chance, nothing at all. The same seed gives the same shape on Storm and Flink.
 * Immutable.
 *
 * @param seed what the shape was drawn from
 * @param operators the operators in data-flow order (every input of one comes before it)
 * @param sourcePublishesBacklog whether the source publishes {@code source-queue-size}
 */
public record RandomShape(long seed, List<Node> operators, boolean sourcePublishesBacklog) {
    /** The name after {@code --query}; the shape's seed goes after {@code --shape}. */
    public static final String NAME = "random";
    /** The source's name in the topology or job. */
    public static final String SOURCE = "source";
    /** The sink's name in the topology or job. */
    public static final String SINK = "sink";

    static final int MIN_OPERATORS = 3;
    static final int MAX_OPERATORS = 8;
    static final double MIN_COST_MICROS = 1;
    static final double MAX_COST_MICROS = 400;
    static final double MAX_FAN = 6;

    /**
     * One operator of the shape and where its records come from.
     *
     * @param step its work and selectivity
     * @param parallelism how many instances run it
     * @param inputs the nodes it reads, {@link #SOURCE} or earlier operators' names
     */
    public record Node(Syn.Operator step, int parallelism, List<String> inputs) {
        public Node {
            Objects.requireNonNull(step, "step");
            inputs = List.copyOf(inputs);
            if (parallelism < 1 || inputs.isEmpty()) {
                throw new IllegalArgumentException("an operator needs an instance and an input: " + step.operator());
            }
        }

        /** The operator's name in the topology or job. */
        public String name() {
            return step.operator();
        }
    }

    public RandomShape {
        operators = List.copyOf(operators);
    }

    /** The shape the seed draws. */
    public static RandomShape draw(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int count = MIN_OPERATORS + random.nextInt(MAX_OPERATORS - MIN_OPERATORS + 1);
        List<Node> nodes = new ArrayList<>(count);
        Map<String, Double> leaving = new HashMap<>(Map.of(SOURCE, 1.0));
        List<String> earlier = new ArrayList<>(List.of(SOURCE));
        for (int i = 0; i < count; i++) {
            String name = "op" + (i + 1);
            List<String> inputs = inputs(random, earlier);
            double in = inputs.stream().mapToDouble(leaving::get).sum();
            double selectivity = Math.min(selectivity(random), MAX_FAN / in);
            long cost = Math.round(Math.exp(random.nextDouble(Math.log(MIN_COST_MICROS), Math.log(MAX_COST_MICROS))));
            int parallelism = random.nextDouble() < 0.25 ? 2 : 1;
            nodes.add(new Node(new Syn.Operator(name, cost, selectivity, false), parallelism, inputs));
            leaving.put(name, in * selectivity);
            earlier.add(name);
        }
        return new RandomShape(seed, nodes, random.nextBoolean());
    }

    /** Mostly the node just before; else any earlier one; from the third operator on sometimes two. */
    private static List<String> inputs(SplittableRandom random, List<String> earlier) {
        double draw = random.nextDouble();
        String last = earlier.get(earlier.size() - 1);
        if (draw < 0.6 || earlier.size() == 1) {
            return List.of(last);
        }
        String other = earlier.get(random.nextInt(earlier.size() - 1));
        if (draw < 0.85 || earlier.size() < 3) {
            return List.of(other);
        }
        return List.of(other, last);
    }

    private static double selectivity(SplittableRandom random) {
        double draw = random.nextDouble();
        if (draw < 0.6) {
            return random.nextDouble(0.6, 1.0);
        }
        if (draw < 0.8) {
            return random.nextDouble(0.1, 0.6);
        }
        return draw < 0.92 ? random.nextDouble(1.0, 2.0) : 3.0;
    }

    /** The query's name in the results: {@code random-<seed>}. */
    public String label() {
        return label(seed);
    }

    /** The name of the shape {@code seed} draws: {@code random-<seed>}. */
    public static String label(long seed) {
        return NAME + "-" + seed;
    }

    /** The nodes the sink reads: every operator no other operator reads. */
    public List<String> sinkInputs() {
        Set<String> read = new LinkedHashSet<>();
        operators.forEach(n -> read.addAll(n.inputs()));
        return operators.stream().map(Node::name).filter(name -> !read.contains(name)).toList();
    }

    /** Records arriving at each operator per record the source emits, in data-flow order. */
    public Map<String, Double> arrivalsPerSourceRecord() {
        Map<String, Double> leaving = new HashMap<>(Map.of(SOURCE, 1.0));
        Map<String, Double> arriving = new LinkedHashMap<>();
        for (Node node : operators) {
            double in = node.inputs().stream().mapToDouble(leaving::get).sum();
            arriving.put(node.name(), in);
            leaving.put(node.name(), in * node.step().selectivity());
        }
        return arriving;
    }

    /** CPU µs the operators' work takes per record the source emits, the SPE's own cost per tuple left out. */
    public double workMicrosPerSourceRecord() {
        Map<String, Double> arriving = arrivalsPerSourceRecord();
        return operators.stream().mapToDouble(n -> arriving.get(n.name()) * n.step().costMicros()).sum();
    }

    /**
     * The most records a second one core could take in if the SPE cost nothing per tuple: the
     * operators' work alone. The real query saturates below it, so a rate of twice this is beyond
     * saturation on any SPE.
     */
    public double workBound() {
        return 1e6 / Math.max(1, workMicrosPerSourceRecord());
    }

    /** The highest number of instances of any operator: the task slots a Flink job of the shape needs. */
    public int maxParallelism() {
        return operators.stream().mapToInt(Node::parallelism).max().orElse(1);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(label()).append(sourcePublishesBacklog ? " (source publishes its backlog): "
                : " (source publishes nothing): ");
        Map<String, Double> arriving = arrivalsPerSourceRecord();
        for (Node n : operators) {
            out.append(String.format(Locale.ROOT, "%s%s<-%s %dus sel %.2f in %.2f; ", n.name(),
                    n.parallelism() > 1 ? "x" + n.parallelism() : "", String.join("+", n.inputs()), n.step().costMicros(),
                    n.step().selectivity(), arriving.get(n.name())));
        }
        return out.append("sink<-").append(String.join("+", sinkInputs())).toString();
    }
}
