package dev.lachesis.translators.kernel;

import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What this process may do to thread scheduling, found once at start-up by trying it on a
 * short-lived thread of its own (which then ends, so nothing needs undoing): lower a nice value (needs
 * CAP_SYS_NICE or RLIMIT_NICE) and become SCHED_RR (needs CAP_SYS_NICE or RLIMIT_RTPRIO and, with
 * cgroup v1 RT group scheduling, an RT budget in this process's group). Translators fail at start-up
 * on a missing capability; kernel tests are gated on the same probe. Immutable.
 *
 * @param canLowerNice whether lowering a thread's nice value works
 * @param canUseRealTime whether SCHED_RR works
 * @param niceRefusal why lowering nice failed, empty when it worked
 * @param realTimeRefusal why SCHED_RR failed, empty when it worked
 */
public record KernelCapabilities(boolean canLowerNice, boolean canUseRealTime, String niceRefusal,
                                 String realTimeRefusal) {
    private static final Logger LOG = LoggerFactory.getLogger(KernelCapabilities.class);

    /** Probes {@code kernel} on a throwaway thread. */
    public static KernelCapabilities probe(Kernel kernel) {
        AtomicReference<KernelCapabilities> result = new AtomicReference<>();
        Thread probe = new Thread(() -> result.set(probeHere(kernel)), "lachesis-capability-probe");
        probe.setDaemon(true);
        probe.start();
        try {
            probe.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new KernelCapabilities(false, false, "interrupted", "interrupted");
        }
        KernelCapabilities caps = result.get() != null ? result.get()
                : new KernelCapabilities(false, false, "probe failed", "probe failed");
        LOG.info("Lowering nice values: {}", caps.canLowerNice ? "permitted" : "not permitted (" + caps.niceRefusal + ")");
        LOG.info("SCHED_RR/SCHED_FIFO: {}", caps.canUseRealTime ? "permitted" : "not permitted (" + caps.realTimeRefusal + ")");
        return caps;
    }

    private static KernelCapabilities probeHere(Kernel kernel) {
        int tid = kernel.currentTid();
        String niceRefusal = "";
        try {
            int nice = kernel.nice(tid);
            kernel.setNice(tid, Math.max(-20, nice - 1));
        } catch (KernelException e) {
            niceRefusal = e.getMessage();
        }
        String rtRefusal = "";
        try {
            kernel.setScheduler(tid, SchedPolicy.RR, 1);
            kernel.setScheduler(tid, SchedPolicy.OTHER, 0);
        } catch (KernelException e) {
            rtRefusal = e.getMessage();
        }
        return new KernelCapabilities(niceRefusal.isEmpty(), rtRefusal.isEmpty(), niceRefusal, rtRefusal);
    }
}
