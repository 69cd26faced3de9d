package dev.lachesis.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One machine of a cluster, made on this one from Linux namespaces so that a test can run a daemon
 * per node as users do (issue 41): a PID namespace with its own {@code /proc} (a node's daemon sees
 * its own node's processes and nothing else), a UTS namespace with its own hostname, a mount namespace
 * for that {@code /proc}, and one CPU of its own. The network is the machine's: ZooKeeper, Nimbus, a
 * JobManager and the metric store listen on 127.0.0.1 for every node. A holder process
 * ({@code sleep}) is the node's PID 1; {@link #command} puts a command into the node with
 * {@code nsenter}, and {@link #close()} kills the holder, which ends every process left in the node.
 * Nodes that reach each other by name (Storm's Nimbus pushes assignments to a Supervisor by its host
 * name, workers connect to workers by theirs) share a hosts file that each node mounts over its own
 * {@code /etc/hosts}: with a loopback address of its own there, a node's canonical host name is its
 * hostname, as on a real machine. The nodes share the machine's {@code /tmp}, where a JVM keeps the
 * socket others attach to by its PID as its node numbers it; so that two nodes' JVMs never share a
 * socket there, each node numbers its processes from a base of its own. Needs root and util-linux's {@code unshare} and {@code nsenter}.
 * Thread-safe.
 */
public final class LinuxNode implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    /** How many PIDs apart the nodes' numbering starts: node k's first process is PID 1000 × k + 1. */
    private static final int PID_BASE_STEP = 1000;
    /** Bases in use at once, before they repeat; below the default {@code pid_max} of 32768. */
    private static final int PID_BASES = 30;
    private static final AtomicInteger STARTED = new AtomicInteger();

    private final String hostname;
    private final int cpu;
    private final Process unshare;
    private final long holder;

    private LinuxNode(String hostname, int cpu, Process unshare, long holder) {
        this.hostname = hostname;
        this.cpu = cpu;
        this.unshare = unshare;
        this.holder = holder;
    }

    /**
     * Starts a node.
     *
     * @param hostname the node's hostname ({@code node-a})
     * @param cpu the one CPU every process put into the node runs on
     * @throws IOException when the namespaces cannot be made (not root, no {@code unshare})
     */
    public static LinuxNode start(String hostname, int cpu) throws IOException, InterruptedException {
        return start(hostname, cpu, "");
    }

    /**
     * Starts a node whose {@code /etc/hosts} is {@code hosts} (a file shared by the nodes of a
     * cluster, {@code 127.0.1.1 node-a} and so on), mounted over the machine's inside the node only.
     */
    public static LinuxNode start(String hostname, int cpu, Path hosts) throws IOException, InterruptedException {
        if (!Files.isRegularFile(hosts)) {
            throw new IOException("no hosts file at " + hosts);
        }
        return start(hostname, cpu, "mount --bind '" + hosts.toAbsolutePath() + "' /etc/hosts && ");
    }

    private static LinuxNode start(String hostname, int cpu, String mountHosts) throws IOException, InterruptedException {
        if (!hostname.matches("[a-z0-9][a-z0-9-]{0,62}")) {
            throw new IllegalArgumentException("not a hostname: '" + hostname + "'");
        }
        Process unshare = new ProcessBuilder("unshare", "--pid", "--uts", "--mount", "--fork", "--mount-proc",
                "--propagation", "private", "sh", "-c", mountHosts + "hostname " + hostname + " && echo " + pidBase() + " > /proc/sys/kernel/ns_last_pid"
                + " && exec sleep infinity")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            return new LinuxNode(hostname, cpu, unshare, awaitHolder(unshare));
        } catch (IOException | RuntimeException e) {
            unshare.destroyForcibly();
            throw e;
        }
    }

    private static int pidBase() {
        return PID_BASE_STEP * (1 + STARTED.getAndIncrement() % PID_BASES);
    }

    /** The holder: unshare's child once it runs {@code sleep} (after setting the hostname). */
    private static long awaitHolder(Process unshare) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        Path children = Path.of("/proc", Long.toString(unshare.pid()), "task", Long.toString(unshare.pid()), "children");
        while (Instant.now().isBefore(deadline)) {
            if (!unshare.isAlive()) {
                throw new IOException("unshare exited with " + unshare.exitValue()
                        + " before the node started (root and util-linux's unshare are needed)");
            }
            String child = Files.exists(children) ? Files.readString(children).strip() : "";
            if (!child.isEmpty() && comm(Long.parseLong(child.split(" ")[0])).equals("sleep")) {
                return Long.parseLong(child.split(" ")[0]);
            }
            unshare.waitFor(20, TimeUnit.MILLISECONDS);
        }
        throw new IOException("the node's holder did not start within " + START_TIMEOUT.toSeconds() + " s");
    }

    private static String comm(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "comm")).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** {@code command} as run inside this node, on its CPU, for {@link ProcessBuilder} or {@link ChildJvm#exec}. */
    public List<String> command(List<String> command) {
        List<String> inside = new ArrayList<>(launcher());
        inside.addAll(command);
        return inside;
    }

    /**
     * The prefix that runs a command inside this node, for launchers that take one ({@code taskset}
     * in their place). {@code nsenter} forks: the command is its child, PID 2 or more in the node.
     */
    public List<String> launcher() {
        return List.of("nsenter", "--target", Long.toString(holder), "--pid", "--uts", "--mount", "--",
                "taskset", "-c", Integer.toString(cpu));
    }

    /**
     * Every process inside the node but its PID 1, as this machine numbers them. A process put into
     * the node by {@link #command} is a child of {@code nsenter}, outside the node, so it is found by
     * its PID namespace, not by its parent.
     */
    public List<Long> processes() {
        Optional<Path> namespace = pidNamespace(holder);
        if (namespace.isEmpty()) {
            return List.of();
        }
        return ProcessHandle.allProcesses().map(ProcessHandle::pid)
                .filter(pid -> pid != holder && pidNamespace(pid).equals(namespace)).toList();
    }

    /** The process the node numbers {@code pidInNode}, as this machine numbers it, while it runs. */
    public Optional<Long> hostPid(long pidInNode) {
        return processes().stream().filter(pid -> pidInNode(pid).orElse(-1L) == pidInNode).findFirst();
    }

    /** {@code pid}'s number in the innermost PID namespace it runs in: the last of its status's {@code NSpid}. */
    public static Optional<Long> pidInNode(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                    .filter(l -> l.startsWith("NSpid:")).findFirst()
                    .map(l -> l.substring("NSpid:".length()).strip().split("\\s+"))
                    .map(ids -> Long.parseLong(ids[ids.length - 1]));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> pidNamespace(long pid) {
        try {
            return Optional.of(Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "ns", "pid")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public String hostname() {
        return hostname;
    }

    /** The node's PID 1 as this machine numbers it. */
    public long holderPid() {
        return holder;
    }

    /** Kills the node's PID 1, which ends every process inside it, and waits for unshare to exit. */
    @Override
    public void close() {
        ProcessHandle.of(holder).ifPresent(ProcessHandle::destroyForcibly);
        unshare.destroyForcibly();
        try {
            unshare.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return hostname + " (CPU " + cpu + ", PID 1 = " + holder + ")";
    }
}
