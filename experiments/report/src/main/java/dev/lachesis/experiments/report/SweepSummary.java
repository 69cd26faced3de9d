package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A whole sweep averaged over repetitions, per (spe, query, wait strategy, rate, mode), with the
 * runs it averaged: the one source the summary file, the charts, Table 1 and the ratios to OS read,
 * so they cannot disagree. Immutable.
 */
public final class SweepSummary {
    private final List<RunMeasurement> runs;
    private final List<PointSummary> points;
    private final List<OperatorSummary> operators;

    private SweepSummary(List<RunMeasurement> runs, List<PointSummary> points, List<OperatorSummary> operators) {
        this.runs = List.copyOf(runs);
        this.points = List.copyOf(points);
        this.operators = List.copyOf(operators);
    }

    /** Averages {@code runs} and {@code operatorRuns} over their repetitions. */
    public static SweepSummary of(Collection<RunMeasurement> runs, Collection<OperatorMeasurement> operatorRuns) {
        Map<Point, List<RunMeasurement>> byPoint = runs.stream()
                .collect(Collectors.groupingBy(RunMeasurement::point, TreeMap::new, Collectors.toList()));
        List<PointSummary> points = new ArrayList<>();
        byPoint.forEach((point, reps) -> {
            Map<Metric, Estimate> estimates = new LinkedHashMap<>();
            for (Metric metric : Metric.values()) {
                estimates.put(metric, Estimate.of(reps.stream().mapToDouble(r -> r.value(metric)).toArray()));
            }
            List<Integer> repNumbers = reps.stream().map(RunMeasurement::rep).sorted().toList();
            points.add(new PointSummary(point, repNumbers, estimates));
        });

        Map<Point, Map<String, List<OperatorMeasurement>>> byOperator = operatorRuns.stream()
                .collect(Collectors.groupingBy(OperatorMeasurement::point, TreeMap::new,
                        Collectors.groupingBy(OperatorMeasurement::operator, LinkedHashMap::new, Collectors.toList())));
        List<OperatorSummary> operators = new ArrayList<>();
        byOperator.forEach((point, perOperator) -> perOperator.forEach((operator, reps) -> {
            // Repetitions that applied nothing to the operator (none) count for its queue, not its priority.
            Mechanism mechanism = reps.stream().map(OperatorMeasurement::mechanism).filter(m -> m != Mechanism.NONE)
                    .findFirst().orElse(Mechanism.NONE);
            for (OperatorMeasurement rep : reps) {
                if (rep.mechanism() != mechanism && rep.mechanism() != Mechanism.NONE) {
                    throw new IllegalArgumentException("operator '" + operator + "' of " + point + " was scheduled with "
                            + mechanism.label() + " in rep " + reps.get(0).rep() + " but " + rep.mechanism().label()
                            + " in rep " + rep.rep());
                }
            }
            operators.add(new OperatorSummary(point, operator, mechanism,
                    Estimate.of(reps.stream().mapToDouble(OperatorMeasurement::queueMean).toArray()),
                    Estimate.of(reps.stream().mapToDouble(OperatorMeasurement::priorityMean).toArray())));
        }));
        return new SweepSummary(new ArrayList<>(runs), points, operators);
    }

    /** Every run, as read. */
    public List<RunMeasurement> runs() {
        return runs;
    }

    /** Every point, ordered by setup, rate and mode. */
    public List<PointSummary> points() {
        return points;
    }

    /** Every operator at every point, ordered by point, operators in file order. */
    public List<OperatorSummary> operators() {
        return operators;
    }

    /** The setups with runs or operator rows, ordered. */
    public SortedSet<Setup> setups() {
        SortedSet<Setup> setups = new TreeSet<>();
        points.forEach(p -> setups.add(p.point().setup()));
        operators.forEach(o -> setups.add(o.point().setup()));
        return setups;
    }

    /** The points of {@code setup} under {@code mode}, by ascending rate. */
    public List<PointSummary> series(Setup setup, SchedulingMode mode) {
        return points.stream()
                .filter(p -> p.point().setup().equals(setup) && p.point().mode() == mode)
                .toList();
    }

    /** The summary of one point, if it was run. */
    public Optional<PointSummary> point(Setup setup, double rate, SchedulingMode mode) {
        Point wanted = new Point(setup, rate, mode);
        return points.stream().filter(p -> p.point().equals(wanted)).findFirst();
    }

    /** The operator rows of {@code setup}. */
    public List<OperatorSummary> operators(Setup setup) {
        return operators.stream().filter(o -> o.point().setup().equals(setup)).toList();
    }
}
