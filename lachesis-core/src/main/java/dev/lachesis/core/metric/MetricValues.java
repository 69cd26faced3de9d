package dev.lachesis.core.metric;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The values of one metric in one round, keyed by entity: a physical operator id, a logical
 * operator id or a queue entity, as the metric's documentation says. An entity without a value this
 * round (Graphite returned nulls, the operator just started) is simply absent: "no value" is data,
 * not an error, and each policy decides what it means. Immutable.
 */
public final class MetricValues {
    private static final MetricValues EMPTY = new MetricValues(Map.of());

    private final Map<String, Double> values;

    private MetricValues(Map<String, Double> values) {
        this.values = values;
    }

    public static MetricValues empty() {
        return EMPTY;
    }

    /** Values from a map; NaN and infinite entries are dropped, as they carry no value. */
    public static MetricValues of(Map<String, Double> values) {
        Map<String, Double> copy = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            Objects.requireNonNull(k, "entity");
            if (v != null && Double.isFinite(v)) {
                copy.put(k, v);
            }
        });
        return new MetricValues(Collections.unmodifiableMap(copy));
    }

    public OptionalDouble get(String entity) {
        Double v = values.get(entity);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /** The value for {@code entity}, or {@code fallback} when it has none this round. */
    public double getOrDefault(String entity, double fallback) {
        Double v = values.get(entity);
        return v == null ? fallback : v;
    }

    public boolean has(String entity) {
        return values.containsKey(entity);
    }

    /** Every entity with a value, and its value, in insertion order. */
    public Map<String, Double> asMap() {
        return values;
    }

    public int size() {
        return values.size();
    }

    /** A builder for drivers and derived metrics that fill values one entity at a time. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MetricValues other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }

    /** Collects values; not thread-safe. */
    public static final class Builder {
        private final Map<String, Double> values = new LinkedHashMap<>();

        public Builder put(String entity, double value) {
            values.put(entity, value);
            return this;
        }

        /** Adds {@code value} to what {@code entity} already has (0 when it has nothing). */
        public Builder add(String entity, double value) {
            values.merge(entity, value, Double::sum);
            return this;
        }

        public MetricValues build() {
            return MetricValues.of(values);
        }
    }
}
