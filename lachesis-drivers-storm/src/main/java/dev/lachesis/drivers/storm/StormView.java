package dev.lachesis.drivers.storm;

import dev.lachesis.core.model.SpeState;
import java.util.List;
import java.util.Map;

/**
 * What the driver saw in one round: the state it hands to the daemon, plus what it needs to read
 * that state's metrics (each physical operator's executor, each worker transfer entity's worker
 * ports) and the round's series. Immutable.
 *
 * @param state the state returned by {@code refresh()}
 * @param executors physical operator id → its executor
 * @param transferQueues queue entity ({@code worker-transfer@<pid>}) → the topology and worker ports whose
 *     transfer queues its thread drains; an empty port list means every port of the topology
 * @param metrics the round's series
 */
record StormView(SpeState state, Map<String, ExecutorRef> executors, Map<String, WorkerPorts> transferQueues,
                 StormMetrics metrics) {
    /** The worker ports of one topology inside one JVM. */
    record WorkerPorts(String topology, List<Integer> ports) {
    }
}
