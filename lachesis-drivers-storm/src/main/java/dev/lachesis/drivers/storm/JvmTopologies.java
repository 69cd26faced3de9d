package dev.lachesis.drivers.storm;

import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which reporting topologies each Storm JVM runs, learned from {@code /proc} and the round's series
 * before any thread dump, and kept while the JVM lives: the driver dumps only the JVMs this names,
 * so JVMs of other topologies are never stopped at a safepoint, and a topology once found is not
 * lost when a round's series come late.
 *
 * <p>A worker names its topology in its arguments; it is taken once that topology reports a
 * receive queue from the worker's port and the kernel names of the worker's threads show the
 * executors of those components (so the first dump sees them). A local-mode JVM names no topology.
 * A topology belongs to the one local-mode JVM whose start it reports ({@code startTimeSecs}); Storm
 * registers that gauge when {@code __system} prepares, a second or more after the executors' queue
 * gauges, so until it comes a topology goes to the one local-mode JVM whose threads' kernel names
 * show an executor of every component the topology reports, started after the topology was
 * submitted (its id ends in that time) — a placement its reported start then confirms or moves.
 * When the reported start fits several JVMs and their threads do not tell them apart, the topology
 * is placed nowhere, with one warning. A topology leaves a local-mode JVM when it has not reported
 * for a while (as the driver tells) or the JVM ends; a worker keeps its topology while it lives.
 * Not thread-safe.
 */
final class JvmTopologies {
    private static final Logger LOG = LoggerFactory.getLogger(JvmTopologies.class);
    /**
     * How long after its process starts a JVM may note its start ({@code RuntimeMXBean.getStartTime()},
     * taken when the VM has initialised): 0.11–0.14 s on an idle machine here, up to 2.0 s with both
     * cores busy and 2.8 s with six busy loops on two cores.
     */
    static final double JVM_START_LAG_SECONDS = 5.0;
    /** How far {@code /proc}'s start time (clock ticks placed by the uptime) may be off. */
    private static final double PROC_START_ERROR_SECONDS = 0.05;
    /** Clock ticks per second in {@code /proc}'s start times: {@code USER_HZ}, 100 wherever Linux exports it. */
    private static final double TICKS_PER_SECOND = 100;
    /** How much earlier than its topology's submission (whole seconds) an executor thread may seem to start. */
    private static final double SUBMISSION_SLACK_SECONDS = 1.0;

    private final StormMetricLayout layout;
    private final ProcFs proc;
    private final Map<Integer, Jvm> jvms = new TreeMap<>();
    /** Each JVM's threads as {@code /proc} describes them, read again only when its threads changed. */
    private final Map<Integer, ThreadStats> threadStats = new HashMap<>();
    private final OnceLog reported = new OnceLog(LOG);
    /** The round being placed: its time, and each JVM's start as read in it. */
    private Instant now;
    private final Map<Integer, Optional<Double>> startedAt = new HashMap<>();

    /** A JVM running topologies: when it started (a reused PID starts later) and each topology, confirmed or not. */
    private static final class Jvm {
        private final long startTicks;
        /** Topology → whether its reported start or the worker's arguments confirmed it. */
        private final Map<String, Boolean> topologies = new TreeMap<>();

        private Jvm(long startTicks) {
            this.startTicks = startTicks;
        }
    }

    private record ThreadStats(List<Integer> tids, List<TaskStat> stats) {
    }

    JvmTopologies(StormMetricLayout layout, ProcFs proc) {
        this.layout = layout;
        this.proc = proc;
    }

    /**
     * Places the round's running topologies and returns, for each of {@code processes} that runs
     * one, its topologies as series name them.
     *
     * @param stillReporting topologies that reported recently: a local-mode JVM keeps only these
     */
    Map<Integer, List<String>> update(List<StormProcess> processes, StormMetrics metrics, Set<String> stillReporting,
                                      Instant now) {
        this.now = now;
        startedAt.clear();
        forgetEnded(processes);
        Set<String> running = metrics.runningTopologies();
        Set<String> onWorkers = new HashSet<>();
        List<StormProcess> local = new ArrayList<>();
        for (StormProcess process : processes) {
            if (process.isLocalMode()) {
                Jvm jvm = jvms.get(process.pid());
                if (jvm != null) {
                    jvm.topologies.keySet().retainAll(stillReporting);
                }
                local.add(process);
            } else {
                String topology = layout.seriesTopology(process.topologyId());
                onWorkers.add(topology);
                placeWorker(process, topology, metrics);
            }
        }
        Round round = new Round(local, metrics);
        for (String topology : running) {
            if (!onWorkers.contains(topology)) {
                round.place(topology);
            }
        }
        if (!round.unsurePids.isEmpty()) {
            reported.warn("unsure-" + round.unsurePids + round.unsureTopologies, "Cannot tell which of the "
                    + "local-mode Storm JVMs {} runs which of the topologies {}: the JVMs started within {} s of each "
                    + "other and their executors look alike, and a topology names its JVM only by its start time. They "
                    + "are not scheduled; configure one SPE per JVM with pids: [<pid>] and discovery.topology: "
                    + "<topology name>",
                    round.unsurePids, round.unsureTopologies, (long) JVM_START_LAG_SECONDS);
        }
        Map<Integer, List<String>> result = new LinkedHashMap<>();
        for (StormProcess process : processes) {
            Jvm jvm = jvms.get(process.pid());
            if (jvm != null && !jvm.topologies.isEmpty()) {
                result.put(process.pid(), List.copyOf(jvm.topologies.keySet()));
            }
        }
        return result;
    }

    private void forgetEnded(List<StormProcess> processes) {
        Set<Integer> alive = new HashSet<>();
        processes.forEach(p -> alive.add(p.pid()));
        jvms.entrySet().removeIf(e -> !alive.contains(e.getKey())
                || startTicks(e.getKey()).map(t -> t != e.getValue().startTicks).orElse(true));
        threadStats.keySet().retainAll(alive);
    }

    private void placeWorker(StormProcess worker, String topology, StormMetrics metrics) {
        Jvm jvm = jvms.get(worker.pid());
        if (jvm != null && jvm.topologies.containsKey(topology)) {
            return;
        }
        Set<String> components = metrics.queryComponents(topology, worker.port());
        if (showsExecutors(worker.pid(), topology, components)) {
            place(worker.pid(), topology, true, "a worker of it by its arguments");
        }
    }

    private void place(int pid, String topology, boolean confirmed, String how) {
        Optional<Long> ticks = startTicks(pid);
        if (ticks.isEmpty()) {
            return;
        }
        Jvm jvm = jvms.computeIfAbsent(pid, p -> new Jvm(ticks.get()));
        jvm.topologies.put(topology, confirmed);
        reported.info(pid + "/" + topology + "/" + confirmed, "Storm topology {} runs in PID {} ({})", topology, pid,
                how);
    }

    /**
     * Whether the threads of {@code pid} show an executor of each of {@code components} (at least
     * one) by their kernel names, started no earlier than {@code topology} was submitted: a JVM
     * running another topology of the same shape started its executors before.
     */
    private boolean showsExecutors(int pid, String topology, Set<String> components) {
        if (components.isEmpty()) {
            return false;
        }
        long earliestTicks = Long.MIN_VALUE;
        OptionalLong submitted = TopologyIds.submittedAt(topology);
        if (submitted.isPresent()) {
            Optional<Double> processStart = startedAt(pid);
            Optional<Long> processTicks = startTicks(pid);
            if (processStart.isEmpty() || processTicks.isEmpty()) {
                return false;
            }
            earliestTicks = processTicks.get()
                    + (long) Math.floor((submitted.getAsLong() - SUBMISSION_SLACK_SECONDS - processStart.get()) * TICKS_PER_SECOND);
        }
        List<TaskStat> stats = threadStats(pid);
        for (String component : components) {
            boolean shown = false;
            for (TaskStat stat : stats) {
                if (stat.startTimeTicks() >= earliestTicks && StormThreadNames.mayBeExecutorOf(stat.comm(), component)) {
                    shown = true;
                    break;
                }
            }
            if (!shown) {
                return false;
            }
        }
        return true;
    }

    private List<TaskStat> threadStats(int pid) {
        List<Integer> tids = proc.tids(pid);
        ThreadStats known = threadStats.get(pid);
        if (known == null || !known.tids().equals(tids)) {
            List<TaskStat> stats = new ArrayList<>(tids.size());
            for (int tid : tids) {
                proc.taskStat(pid, tid).ifPresent(stats::add);
            }
            known = new ThreadStats(tids, stats);
            threadStats.put(pid, known);
        }
        return known.stats();
    }

    private Optional<Double> startedAt(int pid) {
        return startedAt.computeIfAbsent(pid, p -> proc.startEpochSeconds(p, now));
    }

    private Optional<Long> startTicks(int pid) {
        return proc.processStat(pid).map(TaskStat::startTimeTicks);
    }

    /**
     * Whether a worker reporting {@code reported} as its JVM's start (whole seconds on 2.x, cut
     * down) runs in the process {@code /proc} says started at {@code processStart}.
     */
    static boolean startedWith(double reported, double processStart) {
        return reported <= processStart + JVM_START_LAG_SECONDS && reported + 1 > processStart - PROC_START_ERROR_SECONDS;
    }

    /** One round's placing of local-mode topologies. */
    private final class Round {
        private final List<StormProcess> local;
        private final StormMetrics metrics;
        private final Set<Integer> unsurePids = new TreeSet<>();
        private final Set<String> unsureTopologies = new TreeSet<>();

        private Round(List<StormProcess> local, StormMetrics metrics) {
            this.local = local;
            this.metrics = metrics;
        }

        private void place(String topology) {
            Set<Double> starts = metrics.jvmStarts(topology);
            Integer holder = holder(topology);
            if (holder != null) {
                if (!jvms.get(holder).topologies.get(topology) && !starts.isEmpty()) {
                    confirm(topology, holder, startedAs(starts));
                }
                return;
            }
            if (starts.isEmpty()) {
                List<Integer> shaped = shaped(topology, local.stream().map(StormProcess::pid).toList());
                if (shaped.size() == 1) {
                    JvmTopologies.this.place(shaped.get(0), topology, false,
                            "local mode, the only JVM whose threads show its executors; its start is not reported yet");
                }
                return;
            }
            List<Integer> byStart = startedAs(starts);
            if (byStart.size() == 1) {
                JvmTopologies.this.place(byStart.get(0), topology, true, "local mode, it reports the JVM's start");
                return;
            }
            if (byStart.isEmpty()) {
                reported.info(topology + "/nowhere", "Storm topology {} reports JVM starts {} that no local-mode "
                        + "Storm JVM on this machine has; it is not scheduled here", topology, starts);
                return;
            }
            List<Integer> shaped = shaped(topology, byStart);
            if (shaped.size() == 1) {
                JvmTopologies.this.place(shaped.get(0), topology, true,
                        "local mode, the JVM of its start whose threads show its executors");
            } else {
                unsurePids.addAll(byStart);
                unsureTopologies.add(topology);
            }
        }

        /** The start of a topology placed by its threads has come: it confirms the placement or moves it. */
        private void confirm(String topology, int holder, List<Integer> byStart) {
            if (byStart.contains(holder)) {
                jvms.get(holder).topologies.put(topology, true);
                return;
            }
            jvms.get(holder).topologies.remove(topology);
            if (byStart.size() == 1) {
                JvmTopologies.this.place(byStart.get(0), topology, true, "local mode, it reports the JVM's "
                        + "start; moved from PID " + holder + ", whose threads looked alike");
            } else {
                LOG.info("Storm topology {} does not run in PID {}: the JVM start it reports does not fit; looking again",
                        topology, holder);
            }
        }

        private Integer holder(String topology) {
            for (StormProcess process : local) {
                Jvm jvm = jvms.get(process.pid());
                if (jvm != null && jvm.topologies.containsKey(topology)) {
                    return process.pid();
                }
            }
            return null;
        }

        /** The local-mode JVMs whose start one of {@code starts} fits. */
        private List<Integer> startedAs(Set<Double> starts) {
            List<Integer> fit = new ArrayList<>(1);
            for (StormProcess process : local) {
                Optional<Double> start = startedAt(process.pid());
                if (start.isPresent() && starts.stream().anyMatch(s -> startedWith(s, start.get()))) {
                    fit.add(process.pid());
                }
            }
            return fit;
        }

        private List<Integer> shaped(String topology, List<Integer> pids) {
            Set<String> components = metrics.queryComponents(topology, null);
            return pids.stream().filter(pid -> showsExecutors(pid, topology, components)).toList();
        }
    }
}
