package dev.lachesis.translators;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.PriorityScale;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/** Builds schedules for tests: {@code single(pid, tid1, p1, tid2, p2, ...)}. */
public final class Schedules {
    private Schedules() {
    }

    public static ThreadPriority entry(int pid, int tid, double priority) {
        JvmThread t = new JvmThread(new ThreadRef(pid, tid), "thread-" + tid);
        return new ThreadPriority("spe", OperatorThread.main(t, "q", "op-" + tid), priority, Map.of());
    }

    /** Pairs of (tid, priority) of one process. */
    public static SinglePrioritySchedule single(int pid, double... tidPriority) {
        List<ThreadPriority> list = new ArrayList<>();
        for (int i = 0; i < tidPriority.length; i += 2) {
            list.add(entry(pid, (int) tidPriority[i], tidPriority[i + 1]));
        }
        return new SinglePrioritySchedule("policy", list, OptionalDouble.empty());
    }

    /** Pairs of (tid, level) of one process, the levels on the {@link PriorityScale#FROM_NEUTRAL} scale. */
    public static SinglePrioritySchedule fromNeutral(int pid, double... tidLevel) {
        return new SinglePrioritySchedule("policy", single(pid, tidLevel).threads(), OptionalDouble.empty(),
                PriorityScale.FROM_NEUTRAL);
    }

    public static ScheduleGroup group(String id, double priority, int pid, int... tids) {
        List<ThreadPriority> list = new ArrayList<>();
        for (int tid : tids) {
            list.add(entry(pid, tid, priority));
        }
        return new ScheduleGroup(id, priority, list);
    }

    public static GroupingSchedule grouping(ScheduleGroup... groups) {
        return new GroupingSchedule("policy", List.of(groups), OptionalDouble.empty());
    }
}
