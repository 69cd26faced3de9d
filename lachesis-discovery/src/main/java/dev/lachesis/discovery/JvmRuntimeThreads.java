package dev.lachesis.discovery;

import java.util.regex.Pattern;

/**
 * Recognises the HotSpot JVM's own service threads that every Java thread of the process waits on:
 * the VM thread (it brings the JVM to safepoints), the garbage collector's threads and the JIT
 * compilers. An SPE driver reports them with {@link dev.lachesis.core.model.ThreadKind#RUNTIME}
 * so that a real-time policy keeps them above the operators: left in SCHED_OTHER beside busy
 * real-time executors they get only the cgroup's non-real-time share, every collection waits for
 * them while the executors' allocations stall, and the query's throughput collapses (seen in the
 * ETL sweep on Storm). Stateless.
 */
public final class JvmRuntimeThreads {
    private static final Pattern RUNTIME = Pattern.compile(
            "VM Thread|GC Thread#\\d+|G1 (Main Marker|Conc#\\d+|Refine#\\d+|Service|Young RemSet Sampling)"
                    + "|C[12] CompilerThread\\d+|VM Periodic Task Thread");

    private JvmRuntimeThreads() {
    }

    /** Whether {@code threadName} (as a thread dump names it) is one of the JVM's service threads. */
    public static boolean isRuntime(String threadName) {
        return RUNTIME.matcher(threadName).matches();
    }
}
