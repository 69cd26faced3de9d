package dev.lachesis.drivers.storm;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A JVM that runs Storm executors, as its command line describes it. Immutable.
 *
 * @param pid the process id
 * @param topologyId the topology id from a worker's arguments; {@code null} in local mode, where
 *     one JVM may run any topology
 * @param port the worker's port (slot) from its arguments; {@code null} in local mode
 */
public record StormProcess(int pid, String topologyId, Integer port) {
    /** 2.x worker main class; arguments: topology id, assignment id, supervisor port, port, worker id. */
    static final String WORKER_2 = "org.apache.storm.daemon.worker.Worker";
    /** 1.x worker main namespace; arguments: topology id, assignment id, port, worker id. */
    static final String WORKER_1 = "org.apache.storm.daemon.worker";
    /** The main class {@code storm local} runs. */
    static final String LOCAL_CLUSTER = "org.apache.storm.LocalCluster";

    public boolean isLocalMode() {
        return topologyId == null;
    }

    public Optional<String> topology() {
        return Optional.ofNullable(topologyId);
    }

    public OptionalInt workerPort() {
        return port == null ? OptionalInt.empty() : OptionalInt.of(port);
    }

    /**
     * Reads a command line: a 2.x or 1.x worker, a {@code storm local} JVM, or a JVM with Storm's
     * server jar on its class path that is not one of Storm's daemons (a program that starts a
     * {@code LocalCluster} itself). Empty for anything else.
     */
    public static Optional<StormProcess> fromCommandLine(int pid, List<String> cmdline) {
        for (int i = 0; i < cmdline.size(); i++) {
            String arg = cmdline.get(i);
            if (arg.equals(WORKER_2) && cmdline.size() >= i + 6) {
                return worker(pid, cmdline.get(i + 1), cmdline.get(i + 4));
            }
            if (arg.equals(WORKER_1) && cmdline.size() >= i + 5) {
                return worker(pid, cmdline.get(i + 1), cmdline.get(i + 3));
            }
            if (arg.equals(LOCAL_CLUSTER)) {
                return Optional.of(new StormProcess(pid, null, null));
            }
        }
        boolean stormOnClassPath = cmdline.stream().anyMatch(a -> a.contains("storm-server-") || a.contains("storm-core-"));
        boolean stormDaemon = cmdline.stream().anyMatch(a -> a.startsWith("org.apache.storm.daemon.")
                || a.startsWith("org.apache.storm.ui.") || a.startsWith("org.apache.storm.command."));
        return stormOnClassPath && !stormDaemon ? Optional.of(new StormProcess(pid, null, null)) : Optional.empty();
    }

    private static Optional<StormProcess> worker(int pid, String topologyId, String port) {
        try {
            return Optional.of(new StormProcess(pid, topologyId, Integer.valueOf(port)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
