package dev.lachesis.experiments.run;

import java.util.Objects;

/**
 * The {@code spes:} entry that points the Storm driver at one Storm 1.x local-mode JVM the
 * experiments started, by PID and topology name: Storm's built-in metrics as
 * lachesis-storm1-metrics' consumer writes them, in the 1-s buckets the experiments' topologies
 * set. Immutable.
 *
 * @param pid the Storm JVM
 * @param topology the topology's name
 */
public record Storm1SpeBlock(long pid, String topology) implements SpeBlock {
    public Storm1SpeBlock {
        Objects.requireNonNull(topology, "topology");
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
                      version: 1
                      metrics-bucket: 1s
                      window: 5s
                """.formatted(pid, topology);
    }
}
