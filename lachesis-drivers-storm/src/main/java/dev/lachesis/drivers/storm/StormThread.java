package dev.lachesis.drivers.storm;

import dev.lachesis.core.model.ThreadKind;

/**
 * What a Storm worker thread is, read from its Java name by {@link StormThreadNames}. Immutable.
 */
public sealed interface StormThread {
    /**
     * An executor's thread: runs the tasks {@code firstTask..lastTask} of one component. Components
     * whose id starts with {@code __} ({@code __system}, {@code __acker}, {@code __metrics…},
     * {@code __eventlogger}) belong to Storm, not to the query.
     */
    record Executor(String component, int firstTask, int lastTask) implements StormThread {
        public boolean isSystem() {
            return component.startsWith("__");
        }
    }

    /** Storm 1.x only: the thread that drains an executor's send queue (tasks {@code firstTask..lastTask}). */
    record ExecutorSender(int firstTask, int lastTask) implements StormThread {
    }

    /**
     * A worker-wide helper the query depends on: the worker transfer thread, a messaging thread, a
     * timer that flushes batches or checks back-pressure, or a thread the query needs alive (the
     * metrics reporter, the JVM's service threads, heartbeats and the ZooKeeper session).
     *
     * @param kind {@link ThreadKind#SENDER}, {@link ThreadKind#NETWORK}, {@link ThreadKind#TIMER} or a
     *             {@linkplain ThreadKind#isLookout() lookout} kind
     * @param servesWorkerTransferQueue whether it drains the worker transfer queue
     * @param spinsOnAnyQueue whether it may busy-wait on whichever queue of the worker it flushes into
     *     (Storm 1.x's disruptor flush pool)
     */
    record WorkerHelper(ThreadKind kind, boolean servesWorkerTransferQueue, boolean spinsOnAnyQueue)
            implements StormThread {
        /** A helper that does not spin on a queue. */
        WorkerHelper(ThreadKind kind, boolean servesWorkerTransferQueue) {
            this(kind, servesWorkerTransferQueue, false);
        }
    }
}
