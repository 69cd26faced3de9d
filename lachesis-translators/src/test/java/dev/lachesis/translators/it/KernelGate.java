package dev.lachesis.translators.it;

import dev.lachesis.core.testing.HostRequirement;
import dev.lachesis.translators.Machine;
import java.nio.file.Files;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Conditions for kernel tests, answered by the same probe the daemon uses at start-up, so a skipped
 * test names the capability this machine lacks. On the project's machines (root, cgroup v1) none skips.
 * A test of real-time budgets skips with one line where the host has none, or fails under
 * {@code LACHESIS_REQUIRE_RT_BUDGET=1} ({@link HostRequirement}).
 */
public final class KernelGate {
    private KernelGate() {
    }

    public static boolean canLowerNice() {
        return Machine.system().capabilities().canLowerNice();
    }

    public static boolean canUseRealTime() {
        return Machine.system().capabilities().canUseRealTime();
    }

    public static boolean hasWritableCpuCgroup() {
        return Machine.system().cgroups().map(h -> Files.isWritable(h.mount())).orElse(false);
    }

    /** Whether a test may switch the kernel's RT throttling off for a moment (and put it back). */
    public static boolean canChangeRtThrottling() {
        return canUseRealTime() && Files.isWritable(RtThrottlingOff.SYSCTL);
    }

    public static boolean hasRtGroupScheduling() {
        return canUseRealTime() && Machine.system().cgroups().map(h -> h.hasRtGroupScheduling()).orElse(false);
    }

    /**
     * Skips the calling test class with one line where the kernel has no cgroup-v1 real-time budgets
     * or forbids real time, and fails it there when {@code LACHESIS_REQUIRE_RT_BUDGET=1}.
     */
    public static void requireRtGroupScheduling() {
        HostRequirement.RT_BUDGET.check(hasRtGroupScheduling(), "no cgroup-v1 cpu controller with cpu.rt_runtime_us,"
                + " or real time not permitted here: the real-time budget tests need both");
    }

    /**
     * {@code @ExtendWith(KernelGate.RtGroupScheduling.class)}: {@link #requireRtGroupScheduling()}
     * before a test class's first test.
     */
    public static final class RtGroupScheduling implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            requireRtGroupScheduling();
        }
    }
}
