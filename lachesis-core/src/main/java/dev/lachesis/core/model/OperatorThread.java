package dev.lachesis.core.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A thread a query depends on, with its role: the main thread of a physical operator or one of the
 * helpers. Policies assign priorities to these; translators apply them. Immutable.
 *
 * @param thread the native thread and its Java name
 * @param kind the thread's role
 * @param queryId the query the thread works for
 * @param operatorId the physical operator the thread belongs to, or {@code null} for a worker-wide
 *     helper (Storm 2.x worker transfer thread, Netty threads)
 * @param queueEntity the entity whose queue this thread serves, the key under which queue metrics
 *     for it are published: the operator id for main threads and per-operator helpers, a
 *     worker-wide id such as {@code worker-transfer@<pid>} otherwise
 * @param spinsOnQueueOf when the thread may busy-wait on a full queue, the physical operator id
 *     that consumes that queue, or {@link #ANY_QUEUE} when it may be any queue of its worker;
 *     {@code null} otherwise. A policy under a real-time translator never ranks such a thread above
 *     that consumer, and leaves one that spins on any queue out of the real-time class.
 */
public record OperatorThread(JvmThread thread, ThreadKind kind, String queryId, String operatorId,
                             String queueEntity, String spinsOnQueueOf) {
    /**
     * The {@code spinsOnQueueOf} of a thread that may busy-wait on whichever queue of its worker it
     * publishes into, such as Storm 1.x's disruptor flush pool: no consumer can be named.
     */
    public static final String ANY_QUEUE = "*";

    public OperatorThread {
        Objects.requireNonNull(thread, "thread");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(queryId, "queryId");
        Objects.requireNonNull(queueEntity, "queueEntity");
        if (kind == ThreadKind.MAIN && operatorId == null) {
            throw new IllegalArgumentException("a main thread needs an operator: " + thread);
        }
    }

    /** A main operator thread: its queue entity is its operator. */
    public static OperatorThread main(JvmThread thread, String queryId, String operatorId) {
        return new OperatorThread(thread, ThreadKind.MAIN, queryId, operatorId, operatorId, null);
    }

    /** A helper thread of the given kind serving the given queue entity. */
    public static OperatorThread helper(JvmThread thread, ThreadKind kind, String queryId, String operatorId,
                                        String queueEntity) {
        return new OperatorThread(thread, kind, queryId, operatorId, queueEntity, null);
    }

    /** This thread, marked as one that may spin while the queue of {@code consumerOperatorId} is full. */
    public OperatorThread spinningOn(String consumerOperatorId) {
        return new OperatorThread(thread, kind, queryId, operatorId, queueEntity, consumerOperatorId);
    }

    /** Whether the thread may busy-wait on any queue of its worker ({@link #ANY_QUEUE}). */
    public boolean spinsOnAnyQueue() {
        return ANY_QUEUE.equals(spinsOnQueueOf);
    }

    public ThreadRef ref() {
        return thread.ref();
    }

    public Optional<String> operator() {
        return Optional.ofNullable(operatorId);
    }

    public Optional<String> spinsOnQueue() {
        return Optional.ofNullable(spinsOnQueueOf);
    }
}
