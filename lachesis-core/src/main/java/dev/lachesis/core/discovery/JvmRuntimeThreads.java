package dev.lachesis.core.discovery;

import dev.lachesis.core.model.ThreadKind;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Recognises the HotSpot JVM's own threads by name, so that every SPE driver reports them alike:
 * the VM thread (it brings the JVM to safepoints) and the garbage collector's threads as
 * {@link ThreadKind#RUNTIME}, which a real-time policy keeps above the operators (left in
 * SCHED_OTHER beside busy real-time executors they get only the cgroup's non-real-time share,
 * every collection waits for them while the executors' allocations stall, and the query's
 * throughput collapses: seen in the ETL sweep on Storm), and the JIT compilers as
 * {@link ThreadKind#COMPILER}, which it keeps at the query's lowest priority. Stateless.
 */
public final class JvmRuntimeThreads {
    private static final Pattern RUNTIME = Pattern.compile(
            "VM Thread|GC Thread#\\d+|G1 (Main Marker|Conc#\\d+|Refine#\\d+|Service|Young RemSet Sampling)"
                    + "|VM Periodic Task Thread");
    private static final Pattern COMPILER = Pattern.compile("C[12] CompilerThread\\d+");

    private JvmRuntimeThreads() {
    }

    /**
     * The kind of {@code threadName} (as a thread dump names it) when it is one of the JVM's own
     * threads: {@link ThreadKind#RUNTIME} or {@link ThreadKind#COMPILER}; empty for any other.
     */
    public static Optional<ThreadKind> kindOf(String threadName) {
        if (RUNTIME.matcher(threadName).matches()) {
            return Optional.of(ThreadKind.RUNTIME);
        }
        if (COMPILER.matcher(threadName).matches()) {
            return Optional.of(ThreadKind.COMPILER);
        }
        return Optional.empty();
    }
}
