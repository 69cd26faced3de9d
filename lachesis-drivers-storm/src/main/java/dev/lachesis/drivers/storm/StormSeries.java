package dev.lachesis.drivers.storm;

import java.util.Objects;

/**
 * One Graphite series of a Storm executor or worker, with its path read into parts by a
 * {@link StormMetricLayout}. Immutable.
 *
 * @param topology the topology id (2.x, e.g. {@code wordcount-1-1700000000}) or name (1.x)
 * @param host the reporting host as Storm writes it (dots replaced by underscores in 2.x)
 * @param component the component id; {@code __system} for worker-wide series
 * @param task the task id; -1 for worker-wide series
 * @param port the worker's port (its slot)
 * @param measure what the series measures
 * @param detail for counters and latencies, the stream they count ({@code <from>:<stream>} for
 *     inputs, {@code <stream>} for outputs); empty otherwise
 */
public record StormSeries(String topology, String host, String component, int task, int port, Measure measure,
                          String detail) {
    public StormSeries {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(measure, "measure");
        Objects.requireNonNull(detail, "detail");
    }

    /** What a Storm series measures, whatever the version calls it. */
    public enum Measure {
        /** Tuples waiting in an executor's receive queue (a gauge). */
        RECEIVE_QUEUE,
        /** Tuples per second arriving at an executor's receive queue (a gauge, 2.x). */
        ARRIVAL_RATE,
        /** Storm's estimate of how long a tuple waits in the receive queue, in ms (a gauge, 2.x). */
        SOJOURN_MS,
        /** How many tuples an executor's receive queue holds ({@code topology.executor.receive.buffer.size}; a gauge, 2.x). */
        RECEIVE_QUEUE_CAPACITY,
        /** Tuples executed from one input stream (a counter). */
        EXECUTE_COUNT,
        /** Tuples emitted on one output stream (a counter). */
        EMIT_COUNT,
        /** Mean execute latency for one input stream, in ms (a gauge). */
        EXECUTE_LATENCY_MS,
        /** 1.x: tuples batched or overflowed before an executor's receive queue, waiting too (a gauge). */
        RECEIVE_OVERFLOW,
        /** Tuples waiting in the worker transfer queue (a gauge). */
        WORKER_TRANSFER_QUEUE,
        /** 1.x: tuples batched or overflowed before the worker transfer queue (a gauge). */
        WORKER_TRANSFER_OVERFLOW,
        /** 1.x: tuples waiting in an executor's send queue (a gauge). */
        SEND_QUEUE,
        /** 1.x: tuples batched or overflowed before an executor's send queue (a gauge). */
        SEND_OVERFLOW,
        /** Records waiting inside a source, as the spout itself reports them (a gauge, 2.x). */
        SOURCE_QUEUE,
        /**
         * When the worker's JVM started, in epoch seconds ({@code __system}'s {@code startTimeSecs}:
         * whole seconds on 2.x): tells which JVM runs a topology in local mode, and which topologies
         * run at all.
         */
        JVM_START
    }
}
