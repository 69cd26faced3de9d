package dev.lachesis.translators.it;

import dev.lachesis.translators.Machine;
import java.nio.file.Files;

/**
 * Conditions for kernel tests, answered by the same probe the daemon uses at start-up, so a skipped
 * test names the capability this machine lacks. On the project's machines (root, cgroup v1) none skips.
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
}
