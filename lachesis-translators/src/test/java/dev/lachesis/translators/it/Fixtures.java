package dev.lachesis.translators.it;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.testkit.ReportingChild;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/** Schedules over a child's threads, by name. */
final class Fixtures {
    private Fixtures() {
    }

    static ThreadPriority entry(ReportingChild child, String name, double priority) {
        JvmThread t = new JvmThread(new ThreadRef(child.pid(), child.tid(name)), name);
        return new ThreadPriority("spe", OperatorThread.main(t, "q", name), priority, Map.of());
    }

    /** Pairs of name, priority. */
    static SinglePrioritySchedule single(ReportingChild child, Object... namePriority) {
        List<ThreadPriority> list = new ArrayList<>();
        for (int i = 0; i < namePriority.length; i += 2) {
            list.add(entry(child, (String) namePriority[i], ((Number) namePriority[i + 1]).doubleValue()));
        }
        return new SinglePrioritySchedule("it", list, OptionalDouble.empty());
    }

    static ScheduleGroup group(ReportingChild child, String id, double priority, String... names) {
        List<ThreadPriority> list = new ArrayList<>();
        for (String n : names) {
            list.add(entry(child, n, priority));
        }
        return new ScheduleGroup(id, priority, list);
    }
}
