package dev.lachesis.drivers.flink;

import dev.lachesis.discovery.JvmRuntimeThreads;
import dev.lachesis.discovery.SourceOperatorThreadName;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Maps the threads of TaskManager JVMs to the subtasks of running jobs by their names: a thread
 * whose name carries a task name and parallelism belongs to the job vertex with that name and
 * parallelism. Thread names do not carry the job, so when two running jobs have a vertex with the
 * same name and parallelism the thread is ambiguous and reported to {@code onAmbiguous} instead.
 * Helpers of a subtask (flusher, legacy source thread, timers) get the subtask as operator and
 * queue entity; Netty threads, the metric reporter and updater ({@link ThreadKind#REPORTER}) and the
 * JVM's own VM, GC and JIT threads ({@link ThreadKind#RUNTIME}, {@link JvmRuntimeThreads}) are
 * shared by all subtasks of their JVM and belong to a query only when the JVM runs subtasks of
 * exactly one job.
 *
 * <p>Threads of sources from {@code source-operators} ({@link SourceOperatorThreadName}) name the
 * source and the subtask index: {@code lachesis-source-reader-<name>-<index>} is a
 * {@link ThreadKind#SOURCE_READER} helper and {@code lachesis-source-offsets-<name>-<index>} an
 * {@link ThreadKind#OTHER} helper of that source subtask (its queue entity too). The subtask is the
 * one of a source vertex whose head operator is {@code Source: <name>} (what
 * {@code env.fromSource(…, name)} calls it; a file source's reader carries the name given to
 * {@code FileReplaySource.of}, a Kafka source's poller the operator name itself) and whose main
 * thread runs in the same JVM. A name that fits no such subtask is reported to
 * {@code onUnmatchedSource}, one that fits several to {@code onAmbiguous}. Stateless and
 * thread-safe.
 */
final class FlinkThreadMapper {
    /** How Flink names the operator of {@code env.fromSource(source, watermarks, name)}. */
    private static final String SOURCE_PREFIX = "Source: ";

    private FlinkThreadMapper() {
    }

    /**
     * The threads of one JVM that work for the given jobs.
     *
     * @param threads every thread of the JVM with its full Java name
     * @param jobs the running jobs
     * @param onAmbiguous receives the name of each thread that could belong to more than one job
     * @param onUnmatchedSource receives the name of each source thread that fits no source subtask of this JVM
     */
    static List<OperatorThread> map(int pid, List<JvmThread> threads, List<FlinkJob> jobs, Consumer<String> onAmbiguous,
                                    Consumer<String> onUnmatchedSource) {
        Map<String, List<SubtaskOwner>> byTask = new HashMap<>();
        for (FlinkJob job : jobs) {
            for (FlinkVertex vertex : job.vertices()) {
                byTask.computeIfAbsent(vertex.name() + "\0" + vertex.parallelism(), k -> new ArrayList<>())
                        .add(new SubtaskOwner(job.id(), vertex.id()));
            }
        }
        List<OperatorThread> result = new ArrayList<>();
        List<JvmThread> netty = new ArrayList<>();
        List<JvmThread> reporters = new ArrayList<>();
        List<JvmThread> runtime = new ArrayList<>();
        Map<JvmThread, SourceOperatorThreadName> sourceThreads = new LinkedHashMap<>();
        Set<String> jobsHere = new LinkedHashSet<>();
        Set<String> ambiguous = new HashSet<>();
        for (JvmThread thread : threads) {
            if (FlinkThreadName.isNetty(thread.name())) {
                netty.add(thread);
                continue;
            }
            if (FlinkThreadName.isMetricReporter(thread.name())) {
                reporters.add(thread);
                continue;
            }
            if (JvmRuntimeThreads.isRuntime(thread.name())) {
                runtime.add(thread);
                continue;
            }
            SourceOperatorThreadName sourceThread = SourceOperatorThreadName.parse(thread.name()).orElse(null);
            if (sourceThread != null) {
                sourceThreads.put(thread, sourceThread);
                continue;
            }
            FlinkThreadName name = FlinkThreadName.parse(thread.name()).orElse(null);
            if (name == null) {
                continue;
            }
            List<SubtaskOwner> owners = byTask.getOrDefault(name.taskName() + "\0" + name.parallelism(), List.of());
            if (owners.size() > 1) {
                if (ambiguous.add(name.taskName())) {
                    onAmbiguous.accept(thread.name());
                }
                continue;
            }
            if (owners.isEmpty()) {
                continue;
            }
            SubtaskOwner owner = owners.get(0);
            String operatorId = new SubtaskKey(owner.jobId(), owner.vertexId(), name.index()).operatorId();
            jobsHere.add(owner.jobId());
            result.add(name.kind() == ThreadKind.MAIN
                    ? OperatorThread.main(thread, owner.jobId(), operatorId)
                    : OperatorThread.helper(thread, name.kind(), owner.jobId(), operatorId, operatorId));
        }
        Set<String> subtasksHere = new HashSet<>();
        for (OperatorThread mapped : result) {
            if (mapped.kind() == ThreadKind.MAIN) {
                subtasksHere.add(mapped.operatorId());
            }
        }
        sourceThreads.forEach((thread, name) -> {
            List<SubtaskKey> owners = sourceSubtasks(name, jobs, subtasksHere);
            if (owners.size() == 1) {
                SubtaskKey owner = owners.get(0);
                result.add(OperatorThread.helper(thread, name.kind(), owner.jobId(), owner.operatorId(), owner.operatorId()));
            } else if (owners.isEmpty()) {
                onUnmatchedSource.accept(thread.name());
            } else {
                onAmbiguous.accept(thread.name());
            }
        });
        if (jobsHere.size() == 1) {
            String jobId = jobsHere.iterator().next();
            for (JvmThread thread : netty) {
                result.add(OperatorThread.helper(thread, ThreadKind.NETWORK, jobId, null, "netty@" + pid));
            }
            for (JvmThread thread : reporters) {
                result.add(OperatorThread.helper(thread, ThreadKind.REPORTER, jobId, null, "worker@" + pid));
            }
            for (JvmThread thread : runtime) {
                result.add(OperatorThread.helper(thread, ThreadKind.RUNTIME, jobId, null, "worker@" + pid));
            }
        }
        return result;
    }

    /** The subtasks running in this JVM of the source vertices whose head operator the thread's name names. */
    private static List<SubtaskKey> sourceSubtasks(SourceOperatorThreadName name, List<FlinkJob> jobs, Set<String> subtasksHere) {
        List<SubtaskKey> owners = new ArrayList<>();
        for (FlinkJob job : jobs) {
            for (FlinkVertex vertex : job.vertices()) {
                SubtaskKey key = new SubtaskKey(job.id(), vertex.id(), name.instance());
                if (vertex.isSource() && namesSource(name.component(), vertex.operatorNames().get(0))
                        && subtasksHere.contains(key.operatorId())) {
                    owners.add(key);
                }
            }
        }
        return owners;
    }

    /** Whether a source thread's component is the given head operator's name, with or without {@code Source: }, maybe cut. */
    private static boolean namesSource(String component, String headOperator) {
        String inMetrics = FlinkTaskMetric.operatorNameInMetrics(headOperator);
        return component.equals(headOperator) || component.equals(inMetrics)
                || headOperator.equals(SOURCE_PREFIX + component);
    }

    private record SubtaskOwner(String jobId, String vertexId) {
    }
}
