package dev.lachesis.policies;

import java.util.Collection;
import java.util.OptionalDouble;

/** Small statistics the policies report as their goals. Stateless. */
public final class Goals {
    private Goals() {
    }

    /**
     * The coefficient of variation (population standard deviation over mean) of {@code values}: QS's
     * goal, 0 when the queues are perfectly balanced. All-empty queues are balanced too (0). Empty
     * when there are no values.
     */
    public static OptionalDouble coefficientOfVariation(Collection<Double> values) {
        if (values.isEmpty()) {
            return OptionalDouble.empty();
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        if (mean == 0) {
            return OptionalDouble.of(0);
        }
        double variance = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / values.size();
        return OptionalDouble.of(Math.sqrt(variance) / mean);
    }
}
