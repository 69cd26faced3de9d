package dev.lachesis.discovery;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.JvmThreadLister;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists a JVM's native threads with their full Java names. Linux cuts a thread's {@code comm} to
 * 15 characters, so Storm's {@code Thread-12-split-executor[3, 3]} and
 * {@code Thread-12-split-executor[4, 4]} look alike; the names come instead from a thread dump
 * ({@code nid} → name), and the threads from {@code /proc/<pid>/task}. Threads the dump does not
 * name (native threads of libraries) keep their {@code comm}.
 *
 * <p>Drivers call {@link #threads(int)} every round, so it is cheap when nothing changed: per PID it
 * remembers the last dump and dumps again only when a thread appeared that the last dump did not
 * see, or the PID now belongs to another process (its start time changed); vanished threads are
 * just dropped. A thread dump stops the target's threads at a safepoint for a moment, so this
 * matters. New threads within {@link #REDUMP_AFTER} of the last dump are named by their
 * {@code comm} until the next dump: a Storm LocalCluster starts short-lived ZooKeeper and
 * localizer threads every few seconds, and under real-time priorities the target's attach listener
 * (SCHED_OTHER) answers slowly, so a dump per round would make rounds take seconds. A process whose dump failed (a hung attach costs the JDK's 10-second timeout) is not
 * asked again for {@link #RETRY_AFTER} unless its PID is reused: meanwhile the same error is
 * repeated at once. Entries of processes that exited are forgotten. A thread id reused by a new thread of
 * the same process before the next dump keeps the old name (ids wrap only after {@code pid_max}).
 * Thread-safe: calls are serialized.
 */
public final class JvmThreadDiscovery implements JvmThreadLister {
    private static final Logger LOG = LoggerFactory.getLogger(JvmThreadDiscovery.class);

    /** How long a process whose dump failed is not asked again (a hung attach costs 10 s). */
    static final Duration RETRY_AFTER = Duration.ofSeconds(30);
    /** The least time between two dumps of one process when only new threads ask for it. */
    static final Duration REDUMP_AFTER = Duration.ofSeconds(10);

    /** What one dump told about one process: the threads it knows of, their names, and when. */
    private record Snapshot(long startTimeTicks, Set<Integer> knownTids, Map<Integer, String> names, Instant at) {
    }

    /** The last failed dump of a process, repeated without asking until {@link #RETRY_AFTER}. */
    private record Failure(long startTimeTicks, Instant at, String message) {
    }

    private final ProcFs procFs;
    private final ThreadDumpSource dumps;
    private final Clock clock;
    private final Map<Integer, Snapshot> snapshots = new HashMap<>();
    private final Map<Integer, Failure> failures = new HashMap<>();

    /** Reads the machine's {@code /proc} and dumps threads in-process, or through {@code jcmd}. */
    public JvmThreadDiscovery() {
        this(ProcFs.system(), SafeThreadDumpSource.system(ProcFs.system()));
    }

    public JvmThreadDiscovery(ProcFs procFs, ThreadDumpSource dumps) {
        this(procFs, dumps, Clock.systemUTC());
    }

    /** @param clock tells when a failed process may be asked again */
    public JvmThreadDiscovery(ProcFs procFs, ThreadDumpSource dumps, Clock clock) {
        this.procFs = procFs;
        this.dumps = dumps;
        this.clock = clock;
    }

    @Override
    public synchronized List<JvmThread> threads(int pid) throws DriverException {
        forgetExitedProcesses(pid);
        List<Integer> tids = procFs.tids(pid);
        Optional<Long> startTime = procFs.processStat(pid).map(TaskStat::startTimeTicks);
        if (tids.isEmpty() || startTime.isEmpty()) {
            snapshots.remove(pid);
            failures.remove(pid);
            throw failure(pid, "no such process");
        }
        Snapshot snapshot = snapshots.get(pid);
        boolean sameProcess = snapshot != null && snapshot.startTimeTicks() == startTime.get();
        boolean newThreads = sameProcess && !snapshot.knownTids().containsAll(tids);
        if (!sameProcess || newThreads && !clock.instant().isBefore(snapshot.at().plus(REDUMP_AFTER))) {
            snapshot = dump(pid, startTime.get(), tids);
            snapshots.put(pid, snapshot);
        }
        List<JvmThread> threads = new ArrayList<>(tids.size());
        for (int tid : tids) {
            String name = snapshot.names().get(tid);
            if (name == null && !snapshot.knownTids().contains(tid)) {
                name = procFs.comm(pid, tid).orElse(null);
            }
            if (name != null) {
                threads.add(new JvmThread(new ThreadRef(pid, tid), name));
            }
        }
        return threads;
    }

    /**
     * Dumps {@code pid}'s threads. The snapshot knows the listed threads and every thread in the
     * dump: threads started between listing and dump (such as the "Attach Listener" the first
     * attach starts) are named, so they do not cause another dump next round.
     */
    private Snapshot dump(int pid, long startTime, List<Integer> tids) throws DriverException {
        Failure failed = failures.get(pid);
        if (failed != null && failed.startTimeTicks() == startTime
                && clock.instant().isBefore(failed.at().plus(RETRY_AFTER))) {
            throw new DriverException(failed.message());
        }
        String dump;
        try {
            dump = dumps.threadDump(pid);
            failures.remove(pid);
        } catch (DriverException e) {
            failures.put(pid, new Failure(startTime, clock.instant(), e.getMessage()));
            throw e;
        }
        Map<Integer, String> names = new HashMap<>(ThreadDumpParser.parse(dump));
        Set<Integer> known = new HashSet<>(names.keySet());
        int byComm = 0;
        for (int tid : tids) {
            known.add(tid);
            if (!names.containsKey(tid)) {
                Optional<String> comm = procFs.comm(pid, tid);
                if (comm.isPresent()) {
                    names.put(tid, comm.get());
                    byComm++;
                }
            }
        }
        LOG.debug("PID {}: {} threads listed, {} named by their comm, {} in the thread dump", pid, tids.size(),
                byComm, names.size() - byComm);
        return new Snapshot(startTime, Set.copyOf(known), Map.copyOf(names), clock.instant());
    }

    private void forgetExitedProcesses(int asked) {
        snapshots.keySet().removeIf(pid -> pid != asked && !procFs.isAlive(pid));
        failures.keySet().removeIf(pid -> pid != asked && !procFs.isAlive(pid));
    }

    /** The one-line error for a JVM whose threads cannot be named. */
    static DriverException failure(int pid, String reason) {
        return new DriverException("cannot read the Java thread names of PID " + pid + ": "
                + reason.replaceAll("\\s*\\R\\s*", " ").strip());
    }
}
