package dev.lachesis.experiments.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the policy file the demo runs {@code lachesis run} with: the one Storm JVM it started (by
 * PID, so other Storm processes on the machine are left alone), metrics read back from its own
 * embedded store, QS-IO every second through the {@code rt} translator (the 2023 paper's
 * LACHESIS-MOD-RT) with a watchdog that tolerates the seconds QS-IO starves short queues for, and a journal and
 * cgroup root of its own. Immutable.
 *
 * @param stormPid the query's JVM
 * @param topology the topology's name
 * @param storeHttpPort the embedded store's render API port
 * @param journal where the translator records original settings
 * @param cgroupRoot the group under the cpu controller Lachesis may create groups in
 */
record DaemonConfig(long stormPid, String topology, int storeHttpPort, Path journal, String cgroupRoot) {
    /** The YAML text. */
    String yaml() {
        return """
                # Written by `lachesis demo`: the demo's Storm query, scheduled like the 2023 paper's LACHESIS-MOD-RT.
                spes:
                  - name: storm
                    driver: storm
                    pids: [%d]
                    discovery:
                      topology: %s
                    settings:
                      version: 2
                      window: 5s
                      wait-strategy: park
                metrics:
                  source: graphite
                  url: http://127.0.0.1:%d
                  window: 10s
                policies:
                  - name: mod-rt
                    policy: qs-io
                    period: 1s
                    translator: rt
                    translator-settings:
                      # QS-IO under overload starves the operators with short queues for seconds on
                      # purpose (strict RT priorities until the queues even out), and the RT budget
                      # (cpu.rt_runtime_us, 950 ms of each 1 s) already keeps SCHED_OTHER threads
                      # alive: only a query stuck far longer means something is wrong.
                      watchdog: {stall: 10s}
                cgroups:
                  root: %s
                journal: %s
                logging:
                  level: warn
                """.formatted(stormPid, topology, storeHttpPort, cgroupRoot, journal);
    }

    /** Writes {@link #yaml()} to {@code file} and returns it. */
    Path writeTo(Path file) throws IOException {
        Files.writeString(file, yaml());
        return file;
    }
}
