package dev.lachesis.translators.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.translators.FakeProc;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which setting bounds real-time threads: the sysctl, or with cgroup v1 RT groups the tighter root group. */
class RtThrottlingTest {
    @TempDir
    Path tmp;
    private FakeProc proc;
    private CgroupHierarchy cgroups;

    @BeforeEach
    void setUp() {
        proc = new FakeProc(tmp.resolve("proc"));
        cgroups = new CgroupHierarchy(CgroupVersion.V1, tmp.resolve("cpu"));
        FakeProc.write(tmp.resolve("cpu/cpu.rt_period_us"), "1000000\n");
    }

    @Test
    void theSysctlAloneWithoutRtGroupScheduling() {
        proc.rtRuntime(950_000);

        RtThrottling t = RtThrottling.read(proc.procFs, null);

        assertThat(t.throttles()).isTrue();
        assertThat(t.allowanceNanos()).isEqualTo(1_950_000_000L);
        assertThat(t.describe()).isEqualTo("real-time threads may hold a CPU for 950 ms of every 1000 ms"
                + " (sched_rt_runtime_us 950000 of sched_rt_period_us 1000000)");
    }

    @Test
    void theRootGroupStillThrottlesWhenTheSysctlIsOff() {
        proc.rtRuntime(-1);
        FakeProc.write(tmp.resolve("cpu/cpu.rt_runtime_us"), "950000\n");

        RtThrottling t = RtThrottling.read(proc.procFs, cgroups);

        assertThat(t.allowanceNanos()).isEqualTo(1_950_000_000L);
        assertThat(t.source()).isEqualTo("cpu.rt_runtime_us 950000 of cpu.rt_period_us 1000000 of the root cpu group");
    }

    @Test
    void theTighterOfTheTwoWins() {
        proc.rtRuntime(950_000);
        FakeProc.write(tmp.resolve("cpu/cpu.rt_runtime_us"), "600000\n");

        assertThat(RtThrottling.read(proc.procFs, cgroups).allowanceNanos()).isEqualTo(1_600_000_000L);
    }

    @Test
    void insideAContainerTheMountsTopIsTheContainersOwnGroupSoOnlyTheSysctlCounts() {
        proc.rtRuntime(950_000);
        FakeProc.write(tmp.resolve("cpu/cpu.rt_runtime_us"), "10000\n");
        FakeProc.write(tmp.resolve("proc/self/mountinfo"), "1270 1266 0:29 /docker/0123abcd " + tmp.resolve("cpu")
                + " ro,nosuid,nodev,noexec,relatime master:14 - cgroup cgroup rw,cpu,cpuacct\n");

        RtThrottling t = RtThrottling.read(proc.procFs, cgroups);

        assertThat(t.allowanceNanos()).isEqualTo(1_950_000_000L);
        assertThat(t.source()).isEqualTo("sched_rt_runtime_us 950000 of sched_rt_period_us 1000000");
    }

    @Test
    void onAHostTheMountsTopIsTheRootGroup() {
        proc.rtRuntime(950_000);
        FakeProc.write(tmp.resolve("cpu/cpu.rt_runtime_us"), "600000\n");
        FakeProc.write(tmp.resolve("proc/self/mountinfo"), "35 25 0:30 / " + tmp.resolve("cpu")
                + " rw,nosuid,nodev,noexec,relatime shared:14 - cgroup cgroup rw,cpu,cpuacct\n");

        assertThat(RtThrottling.read(proc.procFs, cgroups).allowanceNanos()).isEqualTo(1_600_000_000L);
    }

    @Test
    void aRuntimeAsLongAsThePeriodOrMinusOneDoesNotThrottle() {
        proc.rtRuntime(-1);
        FakeProc.write(tmp.resolve("cpu/cpu.rt_runtime_us"), "1000000\n");

        RtThrottling t = RtThrottling.read(proc.procFs, cgroups);

        assertThat(t.throttles()).isFalse();
        assertThat(t.allowanceNanos()).isZero();
        assertThat(t.describe()).isEqualTo("nothing throttles real-time threads (sched_rt_runtime_us -1 of"
                + " sched_rt_period_us 1000000, cpu.rt_runtime_us 1000000 of cpu.rt_period_us 1000000 of the root cpu group)");
    }

    @Test
    void unreadableSettingsCountAsNoThrottling() {
        RtThrottling t = RtThrottling.read(proc.procFs, null);

        assertThat(t.throttles()).isFalse();
        assertThat(t.describe()).isEqualTo("nothing throttles real-time threads (sched_rt_runtime_us unreadable)");
    }
}
