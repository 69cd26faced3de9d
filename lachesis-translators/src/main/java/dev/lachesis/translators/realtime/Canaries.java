package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.ThreadRef;
import java.util.Map;
import java.util.Set;

/**
 * Canaries of the daemon: SCHED_OTHER threads, one pinned to each CPU asked about, that wake every
 * little while and do nothing else. The kernel's account of them ({@code stat}, {@code schedstat})
 * then says whether a CPU gives anything to ordinary threads — the kernel's own threads, the
 * system's services, the SPE's non-query threads — which is the harm real-time priorities can do to a
 * machine. A canary runnable without running is starved by the kernel, not paused by its JVM (a
 * thread held at a safepoint sleeps), so the daemon's own collections do not count against the RT
 * threads. Pinned because RT threads are usually confined to one core: on this machine an unpinned
 * canary waited at most 3 ms while an RT thread spun on CPU 1 (the kernel moved it to CPU 0), where a
 * canary pinned to CPU 1 waited 940 ms at a stretch. Implementations are thread-safe.
 */
interface Canaries extends AutoCloseable {
    /**
     * Starts canaries for those of {@code cpus} that have none yet. Called from the thread that makes
     * threads real-time, not from the watchdog: creating a JVM thread can wait for the JVM's own
     * threads, which run as SCHED_OTHER.
     */
    void watch(Set<Integer> cpus);

    /**
     * The canary thread of each of {@code cpus} that is running pinned there. A CPU without a canary,
     * or whose canary cannot run there, is left out.
     */
    Map<Integer, ThreadRef> threads(Set<Integer> cpus);

    /** Stops every canary. */
    @Override
    void close();
}
