package dev.lachesis.drivers.storm;

import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.proc.ProcFs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the JVMs that run Storm executors: the configured PIDs, or every process whose command line
 * is a Storm worker or local-mode JVM ({@link StormProcess#fromCommandLine}), keeping workers of the
 * configured topology only. Reads {@code /proc} through {@link ProcFs}. Not thread-safe.
 */
final class StormProcessFinder {
    private static final Logger LOG = LoggerFactory.getLogger(StormProcessFinder.class);

    private final ProcFs proc;
    private final List<Integer> configuredPids;
    private final String topologyName;
    private final OnceLog reportedUnknown = new OnceLog(LOG);

    /**
     * @param configuredPids the PIDs to watch, or empty to scan
     * @param topologyName keep only workers of this topology (id {@code <name>-<n>-<time>}); {@code null} for all
     */
    StormProcessFinder(ProcFs proc, List<Integer> configuredPids, String topologyName) {
        this.proc = proc;
        this.configuredPids = List.copyOf(configuredPids);
        this.topologyName = topologyName;
    }

    /** The Storm JVMs alive now, by ascending PID. */
    List<StormProcess> find() {
        List<StormProcess> found = new ArrayList<>();
        if (!configuredPids.isEmpty()) {
            for (int pid : configuredPids) {
                if (!proc.isAlive(pid)) {
                    continue;
                }
                Optional<StormProcess> process = StormProcess.fromCommandLine(pid, proc.cmdline(pid));
                if (process.isEmpty()) {
                    reportedUnknown.info(Integer.toString(pid), "PID {} is not a Storm worker or local-mode JVM by its "
                            + "command line; treating it as local mode", pid);
                }
                found.add(process.orElse(new StormProcess(pid, null, null)));
            }
            return found;
        }
        for (int pid : proc.pids()) {
            StormProcess.fromCommandLine(pid, proc.cmdline(pid))
                    .filter(p -> p.isLocalMode() || topologyName == null || TopologyIds.isIdOf(p.topologyId(), topologyName))
                    .ifPresent(found::add);
        }
        return found;
    }
}
