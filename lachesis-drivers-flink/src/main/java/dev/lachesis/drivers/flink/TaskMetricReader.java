package dev.lachesis.drivers.flink;

import dev.lachesis.core.spi.DriverException;
import java.util.List;

/**
 * Where the driver reads Flink's task metrics from: Graphite (what Flink's reporter sent) or Flink's
 * REST API. Both return the same raw points, so one estimator turns them into Lachesis metrics.
 */
interface TaskMetricReader {
    /**
     * The task metrics of every subtask of the given jobs over the window, in one round.
     *
     * @throws DriverException when the source cannot be reached or answers garbage
     */
    TaskSamples read(List<FlinkJob> jobs) throws DriverException;

    /** Where the metrics come from, for messages. */
    String describe();
}
