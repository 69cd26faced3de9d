package dev.lachesis.drivers.storm;

import dev.lachesis.discovery.JavaCommandLine;
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
    /** Storm's own programs (daemons, {@code LogWriter}, commands) run no executor but those above. */
    private static final String STORM_PACKAGE = "org.apache.storm.";
    /** Set by {@code storm jar} on the client JVM that runs the user's main to submit a topology. */
    private static final String SUBMITTED_JAR = "storm.jar";
    private static final List<String> STORM_SERVER_JARS = List.of("storm-server-", "storm-core-");

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
     * Reads a command line by what the JVM launches: a 2.x or 1.x worker, a {@code storm local} JVM,
     * or a program with Storm's server jar on its class path that starts a {@code LocalCluster}
     * itself. Empty for anything else: Storm's daemons (Nimbus, a Supervisor, the UI), the
     * {@code LogWriter} that Storm 2 puts in front of each worker (its arguments are the worker's
     * whole command line), and a {@code storm jar} client submitting a topology.
     */
    public static Optional<StormProcess> fromCommandLine(int pid, List<String> cmdline) {
        Optional<JavaCommandLine> parsed = JavaCommandLine.parse(cmdline);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        JavaCommandLine java = parsed.get();
        String mainClass = java.mainClass().orElse("");
        List<String> arguments = java.arguments();
        if (mainClass.equals(WORKER_2)) {
            return arguments.size() >= 5 ? worker(pid, arguments.get(0), arguments.get(3)) : Optional.empty();
        }
        if (mainClass.equals(WORKER_1)) {
            return arguments.size() >= 4 ? worker(pid, arguments.get(0), arguments.get(2)) : Optional.empty();
        }
        if (mainClass.equals(LOCAL_CLUSTER)) {
            return Optional.of(new StormProcess(pid, null, null));
        }
        boolean stormProgram = mainClass.startsWith(STORM_PACKAGE) || java.systemProperty(SUBMITTED_JAR).isPresent();
        boolean stormOnClassPath = java.launchMentionsAny(STORM_SERVER_JARS);
        return stormOnClassPath && !stormProgram ? Optional.of(new StormProcess(pid, null, null)) : Optional.empty();
    }

    private static Optional<StormProcess> worker(int pid, String topologyId, String port) {
        try {
            return Optional.of(new StormProcess(pid, topologyId, Integer.valueOf(port)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
