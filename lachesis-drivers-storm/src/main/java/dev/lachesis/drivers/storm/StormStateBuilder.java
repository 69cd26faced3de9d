package dev.lachesis.drivers.storm;

import dev.lachesis.discovery.SourceOperatorThreadName;
import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts together what the driver saw in one round: which thread is which executor or helper, which
 * topology each belongs to, the physical operators, and the query graphs ({@link StormQueryGraphs}).
 * Each JVM comes with the topologies it runs ({@link JvmTopologies}): a worker's executors belong to
 * its one topology; an executor thread of a local-mode JVM belongs to the one of the JVM's running
 * topologies that reports its component and task, found once and kept while the thread lives. A JVM
 * whose topologies' threads cannot be told apart is not scheduled. Physical operator indexes count
 * the replicas of a component within one topology.
 *
 * <p>Threads of spouts from {@code source-operators} ({@link SourceOperatorThreadName}) carry the
 * spout's component id and task id: {@code lachesis-source-reader-<component>-<task>} is a
 * {@link ThreadKind#SOURCE_READER} and {@code lachesis-source-offsets-<component>-<task>} an
 * {@link ThreadKind#OTHER} helper of the executor of that component in the same JVM whose task range
 * holds the task (its queue entity too). Logs each new condition once. Not thread-safe.
 */
final class StormStateBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(StormStateBuilder.class);
    private final String speName;
    private final OnceLog reported = new OnceLog(LOG);
    /** What each thread name says; names are the same every round while the JVMs keep their threads. */
    private final RoundMemo<ThreadRole> threadRoles = new RoundMemo<>(ThreadRole::of);
    /**
     * The topology each executor thread of a local-mode JVM was found to run, kept while the thread
     * lives: a thread is matched to a topology's series once, so series that come late in a round do
     * not take its executors away.
     */
    private final Map<JvmThread, String> executorTopologies = new HashMap<>();
    private final StormQueryGraphs graphs = new StormQueryGraphs();

    StormStateBuilder(String speName) {
        this.speName = speName;
    }

    private record Found(ExecutorRef ref, JvmThread thread, boolean system) {
    }

    private record Helper(JvmThread thread, StormThread.WorkerHelper role) {
    }

    private record PendingSender(JvmThread thread, StormThread.ExecutorSender sender, String topology) {
    }

    private record PendingSource(JvmThread thread, SourceOperatorThreadName name) {
    }

    /** What a thread's name says: a thread of a source-operators source, a Storm thread, or neither (both null). */
    private record ThreadRole(SourceOperatorThreadName source, StormThread storm) {
        static ThreadRole of(String threadName) {
            Optional<SourceOperatorThreadName> source = SourceOperatorThreadName.parse(threadName);
            return source.isPresent() ? new ThreadRole(source.get(), null)
                    : new ThreadRole(null, StormThreadNames.classify(threadName).orElse(null));
        }
    }

    /**
     * @param topologiesByPid the topologies each JVM runs (as {@link JvmTopologies} placed them);
     *     processes without an entry are left out
     * @param threadsByPid each JVM's threads; a JVM without an entry is left out this round
     */
    StormView build(List<StormProcess> processes, Map<Integer, List<String>> topologiesByPid,
                    Map<Integer, List<JvmThread>> threadsByPid, StormMetrics metrics, Instant now) {
        threadRoles.nextRound();
        Set<String> running = metrics.runningTopologies();
        Map<JvmThread, String> executorTopologiesNow = new HashMap<>();
        List<Found> executors = new ArrayList<>();
        List<OperatorThread> threads = new ArrayList<>();
        List<PendingSender> senders = new ArrayList<>();
        List<PendingSource> sources = new ArrayList<>();
        Map<String, StormView.WorkerPorts> transferQueues = new TreeMap<>();
        List<Integer> pids = new ArrayList<>();
        for (StormProcess process : processes) {
            List<String> topologies = topologiesByPid.getOrDefault(process.pid(), List.of());
            List<JvmThread> jvmThreads = threadsByPid.get(process.pid());
            if (topologies.isEmpty() || jvmThreads == null) {
                continue;
            }
            List<String> runningHere = topologies.stream().filter(running::contains).toList();
            List<Found> found = new ArrayList<>();
            List<Helper> helpers = new ArrayList<>();
            List<PendingSender> sent = new ArrayList<>();
            List<PendingSource> sourceThreads = new ArrayList<>();
            Set<StormThread.Executor> executorsSeen = new HashSet<>();
            String indistinct = null;
            for (JvmThread thread : jvmThreads) {
                ThreadRole role = threadRoles.get(thread.name());
                if (role.source() != null) {
                    sourceThreads.add(new PendingSource(thread, role.source()));
                    continue;
                }
                StormThread r = role.storm();
                if (r instanceof StormThread.Executor e) {
                    String topology = executorTopologies.get(thread);
                    if (!process.isLocalMode()) {
                        topology = topologies.get(0);
                    } else if (topology == null || !topologies.contains(topology)) {
                        List<String> reporting = reporting(runningHere, metrics, e.component(), e.firstTask());
                        topology = reporting.size() == 1 || e.isSystem() && !reporting.isEmpty() ? reporting.get(0) : null;
                        if (!e.isSystem() && reporting.size() > 1) {
                            indistinct = thread.name();
                        }
                    }
                    if (!e.isSystem() && !executorsSeen.add(e)) {
                        indistinct = thread.name();
                    }
                    if (topology != null) {
                        executorTopologiesNow.put(thread, topology);
                        found.add(new Found(new ExecutorRef(topology, e.component(), e.firstTask(), e.lastTask()),
                                thread, e.isSystem()));
                    }
                } else if (r instanceof StormThread.ExecutorSender s) {
                    sent.add(new PendingSender(thread, s, null));
                } else if (r instanceof StormThread.WorkerHelper h) {
                    helpers.add(new Helper(thread, h));
                }
            }
            if (indistinct != null) {
                reported.warn("indistinct-" + process.pid() + topologies, "PID {} runs several Storm topologies with "
                        + "executors of the same component and tasks (such as '{}'; topologies seen: {}), so their "
                        + "threads cannot be told apart; PID {} is not scheduled. Run each topology in a JVM of its "
                        + "own and configure one SPE per JVM with pids: and discovery.topology:",
                        process.pid(), indistinct, topologies, process.pid());
                continue;
            }
            if (found.isEmpty()) {
                reported.info("no-executor-" + process.pid() + topologies, "PID {} runs no executor that the "
                        + "series of {} report; leaving it alone", process.pid(), topologies);
                continue;
            }
            String main = mostCommonTopology(found);
            if (found.stream().map(f -> f.ref().topology()).distinct().count() > 1) {
                reported.info("several-" + process.pid(), "PID {} runs several topologies in local mode; its "
                        + "worker-wide helper threads are counted to {}", process.pid(), main);
            }
            executors.addAll(found);
            sources.addAll(sourceThreads);
            sent.forEach(p -> senders.add(new PendingSender(p.thread(), p.sender(), main)));
            for (Helper helper : helpers) {
                StormThread.WorkerHelper h = helper.role();
                String entity = (h.servesWorkerTransferQueue() ? "worker-transfer@" : "worker@") + process.pid();
                OperatorThread thread = OperatorThread.helper(helper.thread(), h.kind(), main, null, entity);
                threads.add(h.spinsOnAnyQueue() ? thread.spinningOn(OperatorThread.ANY_QUEUE) : thread);
                if (h.servesWorkerTransferQueue()) {
                    transferQueues.put(entity, new StormView.WorkerPorts(main,
                            process.workerPort().stream().boxed().toList()));
                }
            }
            pids.add(process.pid());
        }
        executorTopologies.keySet().removeIf(t -> threadsByPid.containsKey(t.pid()) || !topologiesByPid.containsKey(t.pid()));
        executorTopologies.putAll(executorTopologiesNow);

        Map<String, ExecutorRef> refs = new LinkedHashMap<>();
        List<PhysicalOperator> operators = new ArrayList<>();
        Map<String, List<Found>> byComponent = new TreeMap<>();
        Map<Integer, Map<String, ExecutorRef>> systemRangeByPid = new HashMap<>();
        for (Found f : executors) {
            if (f.system()) {
                threads.add(OperatorThread.helper(f.thread(), ThreadKind.SYSTEM, f.ref().topology(), null,
                        f.ref().operatorId()));
                systemRangeByPid.computeIfAbsent(f.thread().pid(), p -> new HashMap<>())
                        .put(f.ref().firstTask() + "-" + f.ref().lastTask(), f.ref());
            } else {
                byComponent.computeIfAbsent(f.ref().topology() + "/" + f.ref().component(), k -> new ArrayList<>()).add(f);
            }
        }
        Map<Integer, Map<String, ExecutorRef>> rangeByPid = new HashMap<>();
        Map<Integer, List<ExecutorRef>> executorsByPid = new HashMap<>();
        for (List<Found> replicas : byComponent.values()) {
            replicas.sort(Comparator.comparingInt(f -> f.ref().firstTask()));
            for (int i = 0; i < replicas.size(); i++) {
                ExecutorRef ref = replicas.get(i).ref();
                String id = ref.operatorId();
                refs.put(id, ref);
                operators.add(new PhysicalOperator(id, ref.topology(), List.of(ref.component()), i, replicas.size()));
                threads.add(OperatorThread.main(replicas.get(i).thread(), ref.topology(), id));
                rangeByPid.computeIfAbsent(replicas.get(i).thread().pid(), p -> new HashMap<>())
                        .put(ref.firstTask() + "-" + ref.lastTask(), ref);
                executorsByPid.computeIfAbsent(replicas.get(i).thread().pid(), p -> new ArrayList<>()).add(ref);
            }
        }
        for (PendingSender pending : senders) {
            JvmThread thread = pending.thread();
            StormThread.ExecutorSender s = pending.sender();
            String range = s.firstTask() + "-" + s.lastTask();
            ExecutorRef ref = rangeByPid.getOrDefault(thread.pid(), Map.of()).get(range);
            ExecutorRef system = systemRangeByPid.getOrDefault(thread.pid(), Map.of()).get(range);
            if (system != null) {
                threads.add(OperatorThread.helper(thread, ThreadKind.SYSTEM, system.topology(), null,
                        system.operatorId() + "/send"));
            } else if (ref != null) {
                OperatorThread sender = OperatorThread.helper(thread, ThreadKind.SENDER, ref.topology(),
                        ref.operatorId(), ref.operatorId());
                String consumer = soleLocalConsumer(ref, metrics, rangeByPid.get(thread.pid()).values());
                threads.add(consumer == null ? sender : sender.spinningOn(consumer));
            } else {
                threads.add(OperatorThread.helper(thread, ThreadKind.SENDER, pending.topology(), null,
                        "sender@" + thread.pid() + "/" + range));
            }
        }
        for (PendingSource source : sources) {
            sourceHelper(source, executorsByPid.getOrDefault(source.thread().pid(), List.of())).ifPresent(threads::add);
        }
        threads.sort(Comparator.comparing(OperatorThread::ref));

        Set<String> topologies = new TreeSet<>();
        threads.forEach(t -> topologies.add(t.queryId()));
        graphs.retainOnly(topologies);
        List<Query> queries = new ArrayList<>();
        for (String topology : topologies) {
            queries.add(graphs.query(topology, metrics, byComponent.keySet()));
        }
        return new StormView(new SpeState(speName, StormDriverFactory.NAME, pids, queries, operators, threads, now),
                refs, transferQueues, metrics);
    }

    /** A source-operators thread as a helper of the executor in its JVM that runs its component and task. */
    private Optional<OperatorThread> sourceHelper(PendingSource source, Collection<ExecutorRef> sameWorker) {
        SourceOperatorThreadName name = source.name();
        List<ExecutorRef> owners = sameWorker.stream().filter(r -> r.component().equals(name.component())
                && r.firstTask() <= name.instance() && name.instance() <= r.lastTask()).toList();
        if (owners.size() != 1) {
            reported.info("source-" + source.thread().pid() + "-" + source.thread().name(), "Source thread '{}' "
                    + "of PID {} fits {} executors of component '{}' with task {}; it is not scheduled",
                    source.thread().name(),
                    source.thread().pid(), owners.size(), name.component(), name.instance());
            return Optional.empty();
        }
        ExecutorRef owner = owners.get(0);
        return Optional.of(OperatorThread.helper(source.thread(), name.kind(), owner.topology(), owner.operatorId(),
                owner.operatorId()));
    }

    /**
     * Storm 1.x: a send thread publishes into the receive queues of the executors downstream and,
     * when one is full, spins on {@code parkNanos(1)}. When exactly one executor in the same worker
     * consumes what this executor emits, that executor is the one it may spin on; with several
     * consumers no single one is named.
     */
    private static String soleLocalConsumer(ExecutorRef producer, StormMetrics metrics,
                                            Collection<ExecutorRef> sameWorker) {
        Set<String> downstream = metrics.edges(producer.topology()).getOrDefault(producer.component(), Set.of());
        List<ExecutorRef> consumers = sameWorker.stream()
                .filter(r -> r.topology().equals(producer.topology()) && downstream.contains(r.component()))
                .toList();
        return consumers.size() == 1 ? consumers.get(0).operatorId() : null;
    }

    /** Those of {@code topologies} whose series report the executor's component and first task. */
    private static List<String> reporting(List<String> topologies, StormMetrics metrics, String component,
                                          int firstTask) {
        List<String> reporting = new ArrayList<>(1);
        for (String topology : topologies) {
            SortedMap<Integer, Integer> tasks = metrics.tasks(topology).get(component);
            if (tasks != null && tasks.containsKey(firstTask)) {
                reporting.add(topology);
            }
        }
        return reporting;
    }

    private static String mostCommonTopology(List<Found> found) {
        Map<String, Integer> counts = new TreeMap<>();
        found.forEach(f -> counts.merge(f.ref().topology(), 1, Integer::sum));
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }
}
