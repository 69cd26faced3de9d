package dev.lachesis.translators.journal;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.kernel.SchedPolicy;
import java.util.Optional;

/**
 * A thread's scheduling settings before Lachesis first changed it, read from {@code /proc} (so no
 * system call is needed): policy and RT priority (stat fields 41 and 40), nice (field 19) and the
 * group in the cpu cgroup hierarchy, with the identity (start times, owner) the thread must still
 * have to be restored. What restore puts back. Immutable.
 *
 * @param identity the thread
 * @param name the kernel's name of the thread, for messages
 * @param policy its scheduling policy
 * @param rtPriority its real-time priority, 0 unless the policy is real-time
 * @param nice its nice value
 * @param cgroup its group in the cpu hierarchy (e.g. {@code /}), or {@code null} when there is none
 */
public record OriginalSettings(ThreadIdentity identity, String name, SchedPolicy policy, int rtPriority, int nice,
                               String cgroup) {
    /**
     * Reads the current settings of {@code ref}, a thread of the process that started at
     * {@code processStartTicks}; empty when the thread is gone.
     */
    public static Optional<OriginalSettings> capture(ProcFs proc, CgroupHierarchy cgroups, ThreadRef ref,
                                                     long processStartTicks) {
        Optional<TaskStat> stat = proc.taskStat(ref.pid(), ref.tid());
        Optional<Integer> owner = proc.owner(ref.pid());
        if (stat.isEmpty() || owner.isEmpty()) {
            return Optional.empty();
        }
        TaskStat s = stat.get();
        String group = cgroups == null ? null : cgroups.groupOf(proc.cgroups(ref.pid(), ref.tid())).orElse(null);
        ThreadIdentity id = new ThreadIdentity(ref.pid(), processStartTicks, owner.get(), ref.tid(), s.startTimeTicks());
        return Optional.of(new OriginalSettings(id, s.comm(), SchedPolicy.of(s.policy()), s.rtPriority(), s.nice(), group));
    }
}
