package dev.lachesis.translators.it;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.translators.CgroupTranslatorFactory;
import dev.lachesis.translators.NiceTranslatorFactory;
import dev.lachesis.translators.realtime.RealTimeTranslatorFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A stand-in for the daemon in a child JVM: three translators sharing one journal change the threads
 * of a target process (nice on the first two tids, SCHED_RR on the third, a cgroup for all), print
 * {@code ready}, and wait to be killed. Arguments: journal, cgroup root, target pid, three tids.
 */
public final class ApplyingDaemon {
    private ApplyingDaemon() {
    }

    public static void main(String[] args) throws Exception {
        Path journal = Path.of(args[0]);
        String root = args[1];
        int pid = Integer.parseInt(args[2]);
        int[] tids = {Integer.parseInt(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5])};
        ConfigNode cgroups = ConfigNode.ofYaml("cgroups", "{root: " + root + "}");
        Translator nice = new NiceTranslatorFactory().create(new TranslatorContext("nice", ConfigNode.empty("s"), cgroups, journal));
        Translator rt = new RealTimeTranslatorFactory().create(new TranslatorContext("rt",
                ConfigNode.ofYaml("s", "{watchdog: {enabled: false}}"), cgroups, journal));
        Translator cgroup = new CgroupTranslatorFactory().create(new TranslatorContext("cg", ConfigNode.empty("s"), cgroups, journal));
        nice.apply(nice.plan(new SinglePrioritySchedule("p", List.of(entry(pid, tids[0], 2), entry(pid, tids[1], 1)), OptionalDouble.empty())));
        rt.apply(rt.plan(new SinglePrioritySchedule("p", List.of(entry(pid, tids[2], 1)), OptionalDouble.empty())));
        cgroup.apply(cgroup.plan(new GroupingSchedule("p", List.of(new ScheduleGroup("all", 1,
                List.of(entry(pid, tids[0], 1), entry(pid, tids[1], 1), entry(pid, tids[2], 1)))), OptionalDouble.empty())));
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(60_000);
        System.exit(3);
    }

    private static ThreadPriority entry(int pid, int tid, double priority) {
        JvmThread t = new JvmThread(new ThreadRef(pid, tid), "t" + tid);
        return new ThreadPriority("spe", OperatorThread.main(t, "q", "op" + tid), priority, Map.of());
    }
}
