package dev.lachesis.translators.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RtBudgetsTest {
    @Test
    void warnsWhenNothingLimitsRealTimeThreadsMachineWide() {
        assertThat(RtBudgets.checkGlobalLimit(OptionalLong.of(-1))).hasValueSatisfying(warning -> assertThat(warning)
                .startsWith("/proc/sys/kernel/sched_rt_runtime_us is -1")
                .contains("sysctl kernel.sched_rt_runtime_us=950000"));
        assertThat(RtBudgets.checkGlobalLimit(OptionalLong.of(950_000))).isEmpty();
        assertThat(RtBudgets.checkGlobalLimit(OptionalLong.empty())).as("unreadable: nothing to say").isEmpty();
    }
}
