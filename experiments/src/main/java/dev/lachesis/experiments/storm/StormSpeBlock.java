package dev.lachesis.experiments.storm;

import dev.lachesis.experiments.run.SpeBlock;
import java.util.Objects;

/**
 * The {@code spes:} entry that points the Storm driver at one local-mode JVM the experiments
 * started: by PID and topology name, with metrics v2 from the reporter the query JVM configures
 * and the wait strategy its executors use (the driver warns about spinning ones under a real-time
 * translator). Immutable.
 *
 * @param pid the Storm JVM
 * @param topology the topology's name
 * @param waitStrategy what its idle executors wait with
 */
public record StormSpeBlock(long pid, String topology, WaitStrategy waitStrategy) implements SpeBlock {
    public StormSpeBlock {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(waitStrategy, "waitStrategy");
    }

    @Override
    public String yaml() {
        return """
                  - name: storm
                    driver: storm
                    pids: [%d]
                    discovery:
                      topology: %s
                    settings:
                      version: 2
                      window: 5s
                      wait-strategy: %s
                """.formatted(pid, topology, waitStrategy.kind());
    }
}
