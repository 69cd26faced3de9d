package dev.lachesis.experiments.run;

import dev.lachesis.experiments.launch.WaitStrategy;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The {@code spes:} entry that points the Storm driver at one local-mode JVM the experiments
 * started: by PID (or, for a JVM that is killed and started again, by whichever JVM {@code /proc}
 * shows running the topology) and topology name, with metrics v2 from the reporter the query JVM configures
 * and the wait strategy its executors use (the driver warns about spinning ones under a real-time
 * translator). Immutable.
 *
 * @param pid the Storm JVM, or empty to let the driver find it
 * @param topology the topology's name
 * @param waitStrategy what its idle executors wait with
 */
public record StormSpeBlock(OptionalLong pid, String topology, WaitStrategy waitStrategy) implements SpeBlock {
    public StormSpeBlock {
        Objects.requireNonNull(pid, "pid");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(waitStrategy, "waitStrategy");
    }

    /** The entry for the JVM {@code pid}. */
    public StormSpeBlock(long pid, String topology, WaitStrategy waitStrategy) {
        this(OptionalLong.of(pid), topology, waitStrategy);
    }

    /** The entry for whichever JVM runs {@code topology}: the driver finds it in {@code /proc} every round. */
    public static StormSpeBlock anyJvm(String topology, WaitStrategy waitStrategy) {
        return new StormSpeBlock(OptionalLong.empty(), topology, waitStrategy);
    }

    @Override
    public String yaml() {
        return """
                  - name: storm
                    driver: storm
                %s    discovery:
                      topology: %s
                    settings:
                      version: 2
                      window: 5s
                      wait-strategy: %s
                """.formatted(pid.isPresent() ? "    pids: [" + pid.getAsLong() + "]\n" : "", topology, waitStrategy.kind());
    }
}
