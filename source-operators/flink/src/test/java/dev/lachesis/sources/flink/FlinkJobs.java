package dev.lachesis.sources.flink;

import dev.lachesis.sources.metrics.MetricPoint;
import dev.lachesis.sources.metrics.MetricStore;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** A local (MiniCluster) environment reporting to Graphite every second, with small network buffers. */
final class FlinkJobs {
    private FlinkJobs() {
    }

    static StreamExecutionEnvironment environment(MetricStore store) {
        Configuration config = new Configuration();
        config.setString("rest.bind-address", "127.0.0.1");
        config.setString("rest.address", "127.0.0.1");
        config.setString("rest.port", "0");
        config.setString("jobmanager.rpc.address", "127.0.0.1");
        config.setString("taskmanager.host", "127.0.0.1");
        config.setString("metrics.reporter.grph.factory.class", "org.apache.flink.metrics.graphite.GraphiteReporterFactory");
        config.setString("metrics.reporter.grph.host", store.carbonHost());
        config.setString("metrics.reporter.grph.port", Integer.toString(store.carbonPort()));
        config.setString("metrics.reporter.grph.protocol", "TCP");
        config.setString("metrics.reporter.grph.interval", "1 SECONDS");
        // The scopes Lachesis' Flink driver documents: ids first, then names.
        config.setString("metrics.scope.task", "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<task_name>");
        config.setString("metrics.scope.operator",
                "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<operator_id>.<operator_name>");
        config.setString("restart-strategy.type", "fixed-delay");
        config.setString("restart-strategy.fixed-delay.attempts", "3");
        config.setString("restart-strategy.fixed-delay.delay", "200 ms");
        // Few, small network buffers, so a held-back operator pushes back on the source soon.
        config.setString("taskmanager.memory.segment-size", "4kb");
        config.setString("taskmanager.network.memory.buffers-per-channel", "2");
        config.setString("taskmanager.network.memory.floating-buffers-per-gate", "2");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1, config);
        env.disableOperatorChaining();
        return env;
    }

    /** The glob of {@code metric} of subtask 0 of every operator of {@code job}. */
    static String operatorMetric(String job, String metric) {
        return "flink.taskmanager.*.*.0." + job + ".*.*." + metric;
    }

    /** Cancels the job unless it ended; a finished job's MiniCluster is gone, which counts as ended. */
    static void stop(JobClient client) throws Exception {
        if (!ended(client)) {
            client.cancel().get();
        }
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).until(() -> ended(client));
    }

    private static boolean ended(JobClient client) throws InterruptedException {
        try {
            return client.getJobStatus().get().isGloballyTerminalState();
        } catch (java.util.concurrent.ExecutionException | IllegalStateException e) {
            return true;
        }
    }

    /** The value of {@code metric} in the same report (second) as {@code point}, from a sibling series. */
    static Optional<Double> sameSecond(MetricStore store, MetricPoint point, String metric)
            throws IOException, InterruptedException {
        String sibling = point.path().substring(0, point.path().lastIndexOf('.') + 1) + metric;
        List<MetricPoint> points = store.points(sibling);
        return points.stream().filter(p -> p.epochSeconds() == point.epochSeconds()).map(MetricPoint::value).findFirst();
    }
}
