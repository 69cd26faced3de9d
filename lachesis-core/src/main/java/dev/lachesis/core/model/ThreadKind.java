package dev.lachesis.core.model;

/**
 * The role a thread plays for a query. Policies treat an operator's main thread and its helpers
 * differently (the 2023 paper's input/output refinement), so every thread a driver reports carries
 * one of these kinds.
 */
public enum ThreadKind {
    /** The thread that runs a physical operator (a Storm executor, a Flink subtask). */
    MAIN,
    /** Moves an operator's output onward: Storm 1.x send thread, Storm 2.x worker transfer, Flink output flusher. */
    SENDER,
    /** Reads input for a source outside the emit loop (a Flink legacy source thread, a Kafka fetcher). */
    SOURCE_READER,
    /** A timer the query depends on (Storm flush and back-pressure timers, Flink processing-time timers). */
    TIMER,
    /** Network I/O threads (Netty) that carry tuples between workers. */
    NETWORK,
    /**
     * Publishes the metrics Lachesis schedules by (Storm's Graphite reporter). It serves no tuple
     * and runs briefly once per reporting period, but starved it blinds the daemon, so real-time
     * policies rank it above the query's operators.
     */
    REPORTER,
    /**
     * The JVM's own service threads (VM thread, garbage collector, JIT compilers), which every
     * operator waits on at safepoints; real-time policies rank them above the query's operators.
     */
    RUNTIME,
    /**
     * Keeps a worker known to its cluster: heartbeat timers and the ZooKeeper session's threads (and,
     * in a local-mode JVM, the embedded ZooKeeper server's). They serve no tuple and run briefly, but
     * starved for a session timeout the cluster declares the worker dead and kills the query (seen
     * under real-time executors on Storm local mode), so real-time policies rank them above the
     * query's operators.
     */
    LIVENESS,
    /** SPE-internal threads that are not part of any query (ackers, metrics, heartbeats). */
    SYSTEM,
    /** A thread of the query whose role the driver could not name more precisely. */
    OTHER;

    /** The lower-case name used in configuration files and the CLI's JSON output. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /**
     * Whether a real-time policy must keep this thread at its query's highest priority whatever the
     * queues say: it serves no tuple, but the query or the daemon fails when it starves
     * ({@link #REPORTER}, {@link #RUNTIME}, {@link #LIVENESS}).
     */
    public boolean isLookout() {
        return this == REPORTER || this == RUNTIME || this == LIVENESS;
    }

    /** Whether this is a helper rather than an operator's main thread. */
    public boolean isHelper() {
        return this != MAIN;
    }
}
