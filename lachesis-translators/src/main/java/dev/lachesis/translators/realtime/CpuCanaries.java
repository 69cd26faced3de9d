package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.SchedPolicy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Canaries} of this daemon: per CPU, a daemon thread that makes itself SCHED_OTHER
 * (threads inherit the policy of the thread that starts them, whatever that is), pins itself there
 * ({@code sched_setaffinity}) and then sleeps {@code wake} at a time, forever. It keeps the daemon's
 * nice value: nice -20 did not make it wait less behind busy RT threads (max wait 1285 ms against
 * 956 ms at nice 0 with 6 RR spinners and 12 ordinary spinners on its CPU; 1541 ms against 1509 ms
 * on the SPE's CPU in the Storm ETL sweep). One that cannot pin itself (a cpuset without that CPU)
 * logs once and ends; its CPU is then left out. Thread-safe.
 */
final class CpuCanaries implements Canaries {
    private static final Logger LOG = LoggerFactory.getLogger(CpuCanaries.class);

    private final String name;
    private final Kernel kernel;
    private final long wakeMillis;
    private final int pid = (int) ProcessHandle.current().pid();
    private final Map<Integer, Canary> canaries = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /**
     * @param name the translator's name, for thread names and messages
     * @param wakeMillis how long a canary sleeps between wake-ups
     */
    CpuCanaries(String name, Kernel kernel, long wakeMillis) {
        this.name = name;
        this.kernel = kernel;
        this.wakeMillis = Math.max(1, wakeMillis);
    }

    @Override
    public synchronized void watch(Set<Integer> cpus) {
        for (int cpu : cpus) {
            if (!closed && !canaries.containsKey(cpu)) {
                canaries.put(cpu, start(cpu));
            }
        }
    }

    @Override
    public Map<Integer, ThreadRef> threads(Set<Integer> cpus) {
        Map<Integer, ThreadRef> threads = new LinkedHashMap<>();
        for (int cpu : cpus) {
            Canary canary = canaries.get(cpu);
            if (canary != null && canary.tid > 0) {
                threads.put(cpu, new ThreadRef(pid, canary.tid));
            }
        }
        return threads;
    }

    private Canary start(int cpu) {
        Canary canary = new Canary(cpu);
        canary.setDaemon(true);
        canary.start();
        return canary;
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (Canary canary : canaries.values()) {
            canary.interrupt();
        }
    }

    /** One CPU's canary. */
    private final class Canary extends Thread {
        private final int cpu;
        /** Its kernel thread id once it runs pinned to its CPU; 0 before. */
        volatile int tid;

        Canary(int cpu) {
            super("lachesis-rt-canary-" + name + "-cpu" + cpu);
            this.cpu = cpu;
        }

        @Override
        public void run() {
            int self = kernel.currentTid();
            try {
                kernel.setScheduler(self, SchedPolicy.OTHER, 0);
                kernel.setAffinity(self, cpu);
            } catch (KernelException e) {
                LOG.warn("{}: the RT watchdog's canary for CPU {} cannot run there ({}); starvation of ordinary"
                        + " threads on that CPU goes unnoticed", name, cpu, e.getMessage());
                return;
            }
            tid = self;
            while (!closed) {
                try {
                    Thread.sleep(wakeMillis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
