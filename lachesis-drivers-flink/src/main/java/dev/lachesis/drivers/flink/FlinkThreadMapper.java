package dev.lachesis.drivers.flink;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
 * queue entity; Netty threads are shared by all subtasks of their JVM and belong to a query only
 * when the JVM runs subtasks of exactly one job. Stateless and thread-safe.
 */
final class FlinkThreadMapper {
    private FlinkThreadMapper() {
    }

    /**
     * The threads of one JVM that work for the given jobs.
     *
     * @param threads every thread of the JVM with its full Java name
     * @param jobs the running jobs
     * @param onAmbiguous receives the name of each thread that could belong to more than one job
     */
    static List<OperatorThread> map(int pid, List<JvmThread> threads, List<FlinkJob> jobs, Consumer<String> onAmbiguous) {
        Map<String, List<SubtaskOwner>> byTask = new HashMap<>();
        for (FlinkJob job : jobs) {
            for (FlinkVertex vertex : job.vertices()) {
                byTask.computeIfAbsent(vertex.name() + "\0" + vertex.parallelism(), k -> new ArrayList<>())
                        .add(new SubtaskOwner(job.id(), vertex.id()));
            }
        }
        List<OperatorThread> result = new ArrayList<>();
        List<JvmThread> netty = new ArrayList<>();
        Set<String> jobsHere = new LinkedHashSet<>();
        Set<String> ambiguous = new HashSet<>();
        for (JvmThread thread : threads) {
            if (FlinkThreadName.isNetty(thread.name())) {
                netty.add(thread);
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
        if (jobsHere.size() == 1) {
            String jobId = jobsHere.iterator().next();
            for (JvmThread thread : netty) {
                result.add(OperatorThread.helper(thread, ThreadKind.NETWORK, jobId, null, "netty@" + pid));
            }
        }
        return result;
    }

    private record SubtaskOwner(String jobId, String vertexId) {
    }
}
