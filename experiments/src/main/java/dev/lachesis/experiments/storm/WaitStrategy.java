package dev.lachesis.experiments.storm;

import java.util.Locale;
import java.util.Map;

/**
 * How idle Storm executors wait. {@link #PROGRESSIVE} is Storm's default, which spins and then
 * parks for a nanosecond at a time before it sleeps; under a real-time scheduling class such
 * spinning starves every other thread of the core. {@link #PARK} parks for a fixed time instead,
 * which is what we recommend next to a real-time translator.
 */
public enum WaitStrategy {
    /** {@code org.apache.storm.policy.WaitStrategyProgressive}, Storm's default. */
    PROGRESSIVE("org.apache.storm.policy.WaitStrategyProgressive"),
    /** {@code org.apache.storm.policy.WaitStrategyPark}, parking {@value #PARK_MICROS} µs per idle loop. */
    PARK("org.apache.storm.policy.WaitStrategyPark");

    /** Park time of the park strategy, in microseconds (Storm's default). */
    public static final int PARK_MICROS = 100;

    private final String className;

    WaitStrategy(String className) {
        this.className = className;
    }

    /** The name users type, in lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The strategy called {@code name} ({@code park} or {@code progressive}).
     *
     * @throws IllegalArgumentException naming the unknown strategy and the known ones
     */
    public static WaitStrategy named(String name) {
        for (WaitStrategy strategy : values()) {
            if (strategy.label().equals(name)) {
                return strategy;
            }
        }
        throw new IllegalArgumentException("no wait strategy is called '" + name + "' (known: park, progressive)");
    }

    /** The topology settings that select this strategy for spouts, bolts and back-pressure waits. */
    public Map<String, Object> topologySettings() {
        return Map.of(
                "topology.spout.wait.strategy", className,
                "topology.bolt.wait.strategy", className,
                "topology.backpressure.wait.strategy", className,
                "topology.spout.wait.park.microsec", PARK_MICROS,
                "topology.bolt.wait.park.microsec", PARK_MICROS,
                "topology.backpressure.wait.park.microsec", PARK_MICROS);
    }
}
