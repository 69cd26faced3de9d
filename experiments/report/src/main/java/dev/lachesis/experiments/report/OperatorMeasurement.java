package dev.lachesis.experiments.report;

/**
 * One row of {@code operators.csv}: one operator's average input queue and the average priority the
 * translator gave its main thread during one run. Immutable.
 *
 * @param point        the setup, rate and mode
 * @param rep          the repetition, from 1
 * @param operator     the operator's name in the query
 * @param queueMean    its input queue's average size, in tuples
 * @param priorityMean the average priority applied to its main thread, on {@code mechanism}'s scale
 * @param mechanism    how the priority was applied
 */
public record OperatorMeasurement(Point point, int rep, String operator, double queueMean, double priorityMean,
                                  Mechanism mechanism) {
}
