package dev.lachesis.translators;

import static dev.lachesis.translators.Schedules.group;
import static dev.lachesis.translators.Schedules.grouping;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.journal.RestoreJournal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupTranslatorTest {
    @TempDir
    Path tmp;
    private FakeProc proc;
    private Path cg;
    private final RecordingKernel kernel = new RecordingKernel();

    @BeforeEach
    void setUp() {
        proc = new FakeProc(tmp.resolve("proc"));
        cg = tmp.resolve("cpu");
        FakeProc.write(cg.resolve("cpu.shares"), "1024");
        proc.thread(100, 1000, 101, "a", 0, 0, 0, "/").thread(100, 1000, 102, "b", 0, 0, 0, "/")
                .thread(100, 1000, 103, "c", 0, 0, 0, "/");
    }

    private CgroupTranslator create(CgroupVersion version) throws Exception {
        return new CgroupTranslator("qs", CgroupTranslatorSettings.bind(ConfigNode.empty("s"), version),
                CgroupSettings.bind(ConfigNode.ofYaml("cgroups", "{root: lachesis-test}")), kernel, proc.procFs,
                new CgroupHierarchy(version, cg), RestoreJournal.open(tmp.resolve("journal")));
    }

    @Test
    void v1CreatesOneGroupPerScheduleGroupSetsSharesAndMovesThreadsByTid() throws Exception {
        try (CgroupTranslator t = create(CgroupVersion.V1)) {
            assertThat(t.accepts()).isEqualTo(ScheduleForm.GROUPING);
            TranslationPlan plan = t.plan(grouping(group("hot", 8, 100, 101, 102), group("cold", 2, 100, 103)));
            assertThat(plan.mechanism()).isEqualTo("cpu.shares");
            t.apply(plan);
            assertThat(kernel.calls).containsExactly(
                    "mkdir " + cg.resolve("lachesis-test"),
                    "mkdir " + cg.resolve("lachesis-test/hot"),
                    "write " + cg.resolve("lachesis-test/hot/cpu.shares") + " 1024",
                    "mkdir " + cg.resolve("lachesis-test/cold"),
                    "write " + cg.resolve("lachesis-test/cold/cpu.shares") + " 10",
                    "write " + cg.resolve("lachesis-test/hot/tasks") + " 101",
                    "write " + cg.resolve("lachesis-test/hot/tasks") + " 102",
                    "write " + cg.resolve("lachesis-test/cold/tasks") + " 103");
            kernel.calls.clear();
            // the same schedule again changes nothing; a thread switching groups moves alone
            t.apply(t.plan(grouping(group("hot", 8, 100, 101, 102), group("cold", 2, 100, 103))));
            assertThat(kernel.calls).isEmpty();
            t.apply(t.plan(grouping(group("hot", 8, 100, 101), group("cold", 2, 100, 102, 103))));
            assertThat(kernel.calls).containsExactly("write " + cg.resolve("lachesis-test/cold/tasks") + " 102");
            kernel.calls.clear();
        }
        assertThat(kernel.calls).containsExactlyInAnyOrder(
                "write " + cg.resolve("tasks") + " 101", "write " + cg.resolve("tasks") + " 102",
                "write " + cg.resolve("tasks") + " 103",
                "rmdir " + cg.resolve("lachesis-test/hot"), "rmdir " + cg.resolve("lachesis-test/cold"),
                "rmdir " + cg.resolve("lachesis-test"));
        assertThat(kernel.calls.indexOf("rmdir " + cg.resolve("lachesis-test")))
                .isEqualTo(kernel.calls.size() - 1);
        assertThat(cg.resolve("lachesis-test")).doesNotExist();
        assertThat(tmp.resolve("journal")).doesNotExist();
    }

    @Test
    void v2UsesAThreadedSubtreeAndCpuWeight() throws Exception {
        try (CgroupTranslator t = create(CgroupVersion.V2)) {
            TranslationPlan plan = t.plan(grouping(group("hot", 8, 100, 101), group("cold", 2, 100, 103)));
            assertThat(plan.mechanism()).isEqualTo("cpu.weight");
            t.apply(plan);
            assertThat(kernel.calls).containsExactly(
                    "mkdir " + cg.resolve("lachesis-test"),
                    "write " + cg.resolve("cgroup.subtree_control") + " +cpu",
                    "mkdir " + cg.resolve("lachesis-test/hot"),
                    "write " + cg.resolve("lachesis-test/cgroup.subtree_control") + " +cpu",
                    "write " + cg.resolve("lachesis-test/hot/cgroup.type") + " threaded",
                    "write " + cg.resolve("lachesis-test/hot/cpu.weight") + " 100",
                    "mkdir " + cg.resolve("lachesis-test/cold"),
                    "write " + cg.resolve("lachesis-test/cgroup.subtree_control") + " +cpu",
                    "write " + cg.resolve("lachesis-test/cold/cgroup.type") + " threaded",
                    "write " + cg.resolve("lachesis-test/cold/cpu.weight") + " 1",
                    "write " + cg.resolve("lachesis-test/cgroup.procs") + " 100",
                    "write " + cg.resolve("lachesis-test/hot/cgroup.threads") + " 101",
                    "write " + cg.resolve("lachesis-test/cold/cgroup.threads") + " 103");
            kernel.calls.clear();
        }
        // v2: the whole process goes back once, through cgroup.procs
        assertThat(kernel.calls).startsWith("write " + cg.resolve("cgroup.procs") + " 100");
        assertThat(kernel.callsStartingWith("write")).hasSize(1);
    }

    @Test
    void anRtThreadOnlyMovesIntoAGroupWithABudget() throws Exception {
        FakeProc.write(cg.resolve("cpu.rt_runtime_us"), "950000");
        FakeProc.write(cg.resolve("cpu.rt_period_us"), "1000000");
        proc.thread(100, 1000, 104, "rt", 0, 2, 50, "/");
        try (CgroupTranslator t = create(CgroupVersion.V1)) {
            t.apply(t.plan(grouping(group("hot", 8, 100, 104), group("cold", 2, 100, 103))));
            assertThat(Files.readString(cg.resolve("lachesis-test/cpu.rt_runtime_us"))).isEqualTo("950000");
            assertThat(Files.readString(cg.resolve("lachesis-test/hot/cpu.rt_runtime_us"))).isEqualTo("475000");
            assertThat(kernel.calls.indexOf("write " + cg.resolve("lachesis-test/hot/cpu.rt_runtime_us") + " 475000"))
                    .isLessThan(kernel.calls.indexOf("write " + cg.resolve("lachesis-test/hot/tasks") + " 104"));
            // a normal thread needs no budget
            assertThat(Files.readString(cg.resolve("lachesis-test/cold/cpu.rt_runtime_us"))).isEqualTo("0");
        }
    }
}
