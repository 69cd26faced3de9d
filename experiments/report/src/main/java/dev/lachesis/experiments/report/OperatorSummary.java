package dev.lachesis.experiments.report;

/**
 * One operator at one point, averaged over repetitions: the bars of the queue and priority charts
 * (the paper's Fig. 14 and 15). Immutable.
 *
 * @param point     the setup, rate and mode
 * @param operator  the operator's name
 * @param mechanism how its priority was applied
 * @param queue     its average input queue size, in tuples
 * @param priority  the average priority of its main thread, on {@code mechanism}'s scale
 */
public record OperatorSummary(Point point, String operator, Mechanism mechanism, Estimate queue, Estimate priority) {
}
