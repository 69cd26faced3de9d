package dev.lachesis.experiments.launch;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How idle Storm executors wait. {@link #PROGRESSIVE} is Storm's default, which spins and then
 * parks for a nanosecond at a time before it sleeps; under a real-time scheduling class such
 * spinning starves every other thread of the core. {@link #PARK} parks for a fixed time instead,
 * which is what we recommend next to a real-time translator. The park time is a setting of its own
 * ({@code park-1000us}): every idle executor wakes up once per park, and real-time threads get no
 * timer slack to merge those wake-ups, so it decides how often an idle RT executor preempts the busy
 * one.
 *
 * @param kind {@code progressive} or {@code park}, as the Storm driver's {@code wait-strategy} setting names it
 * @param parkMicros how long an idle executor parks with {@code park}, in microseconds
 */
public record WaitStrategy(String kind, int parkMicros) {
    /** Park time of the park strategy, in microseconds, unless said otherwise (Storm's default). */
    public static final int PARK_MICROS = 100;
    /** {@code org.apache.storm.policy.WaitStrategyProgressive}, Storm's default. */
    public static final WaitStrategy PROGRESSIVE = new WaitStrategy("progressive", PARK_MICROS);
    /** {@code org.apache.storm.policy.WaitStrategyPark}, parking {@value #PARK_MICROS} µs per idle loop. */
    public static final WaitStrategy PARK = new WaitStrategy("park", PARK_MICROS);

    private static final Pattern PARK_WITH_TIME = Pattern.compile("park-(\\d{1,7})us");

    public WaitStrategy {
        Objects.requireNonNull(kind, "kind");
        if (!kind.equals("progressive") && !kind.equals("park")) {
            throw new IllegalArgumentException("no wait strategy is called '" + kind + "'");
        }
        if (parkMicros < 1) {
            throw new IllegalArgumentException("the park time must be at least 1 µs, was " + parkMicros);
        }
    }

    /** The name users type: {@code progressive}, {@code park}, or {@code park-<µs>us} for another park time. */
    public String label() {
        return kind.equals("park") && parkMicros != PARK_MICROS ? "park-" + parkMicros + "us" : kind;
    }

    /**
     * The strategy called {@code name}: {@code progressive}, {@code park} or {@code park-<µs>us}.
     *
     * @throws IllegalArgumentException naming the unknown strategy and the known ones
     */
    public static WaitStrategy named(String name) {
        if (name.equals("progressive")) {
            return PROGRESSIVE;
        }
        if (name.equals("park")) {
            return PARK;
        }
        Matcher m = PARK_WITH_TIME.matcher(name);
        if (m.matches() && Integer.parseInt(m.group(1)) >= 1) {
            return new WaitStrategy("park", Integer.parseInt(m.group(1)));
        }
        throw new IllegalArgumentException("no wait strategy is called '" + name
                + "' (known: park, park-<µs>us such as park-1000us, progressive)");
    }

    /** The topology settings that select this strategy for spouts, bolts and back-pressure waits. */
    public Map<String, Object> topologySettings() {
        String className = kind.equals("park") ? "org.apache.storm.policy.WaitStrategyPark"
                : "org.apache.storm.policy.WaitStrategyProgressive";
        return Map.of(
                "topology.spout.wait.strategy", className,
                "topology.bolt.wait.strategy", className,
                "topology.backpressure.wait.strategy", className,
                "topology.spout.wait.park.microsec", parkMicros,
                "topology.bolt.wait.park.microsec", parkMicros,
                "topology.backpressure.wait.park.microsec", parkMicros);
    }
}
