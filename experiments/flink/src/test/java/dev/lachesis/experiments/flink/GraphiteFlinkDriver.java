package dev.lachesis.experiments.flink;

import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.discovery.JvmThreadDiscovery;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;
import dev.lachesis.experiments.measure.SinkReport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real Flink driver as the query ITs use it: job and threads from a cluster's REST API, metrics
 * from the Graphite series Flink's own reporter writes with this project's scopes, and the rounds a
 * test waits through until a job is fully seen.
 */
public final class GraphiteFlinkDriver {
    private static final Logger LOG = LoggerFactory.getLogger(GraphiteFlinkDriver.class);

    private GraphiteFlinkDriver() {
    }

    /** The Flink driver for the cluster whose REST API listens on {@code restPort}, reading {@code metrics}. */
    public static SpeDriver create(int restPort, MetricSource metrics) throws ConfigException {
        String yaml = "name: flink\ndriver: flink\nsettings:\n  rest-url: http://127.0.0.1:" + restPort + "\n"
                + "  metrics-from: graphite\n  task-scope: \"" + FlinkSettings.TASK_SCOPE + "\"\n"
                + "  operator-scope: \"" + FlinkSettings.OPERATOR_SCOPE + "\"\n";
        SpeDriverFactory factory = Plugins.load(SpeDriverFactory.class, "driver").get("flink", "spes[0].driver");
        return factory.create(new DriverContext("flink", ConfigNode.ofYaml("spes[0]", yaml), List.of(), metrics,
                new JvmThreadDiscovery(), Clock.systemUTC()));
    }

    /** Rounds until the driver sees the job's {@code operators} subtasks and its source's source-queue-size. */
    public static SpeState awaitOperatorsWithSourceQueue(SpeDriver driver, String job, int operators, Duration timeout) {
        AtomicReference<SpeState> seen = new AtomicReference<>();
        AtomicReference<MetricValues> sourceQueue = new AtomicReference<>();
        try {
            await().atMost(timeout).pollInterval(Duration.ofSeconds(1)).ignoreException(DriverException.class)
                    .until(() -> {
                        SpeState state = driver.refresh();
                        seen.set(state);
                        if (state.operators().stream().filter(o -> o.queryId().equals(job)).count() != operators) {
                            return false;
                        }
                        Optional<String> source = state.threads().stream()
                                .filter(t -> t.kind() == ThreadKind.MAIN && t.queryId().equals(job)
                                        && t.thread().name().startsWith("Source: source ("))
                                .map(OperatorThread::operatorId).findFirst();
                        if (source.isEmpty()) {
                            return false;
                        }
                        sourceQueue.set(driver.fetch(state, Set.of(MetricNames.SOURCE_QUEUE)).get(MetricNames.SOURCE_QUEUE));
                        return sourceQueue.get().has(source.get());
                    });
        } finally {
            LOG.info("Task threads {}; source-queue-size {}", seen.get() == null ? "none" : seen.get().threads().stream()
                    .filter(t -> t.kind() == ThreadKind.MAIN).map(t -> t.thread().name()).toList(), sourceQueue.get());
        }
        return seen.get();
    }

    /**
     * What a test hands the cluster's output to: its {@code SINK} lines parsed into {@code reports},
     * every other line to {@code log} at debug level.
     */
    public static Consumer<String> sinkReportsTo(List<SinkReport> reports, Logger log) {
        return line -> {
            if (line.startsWith(SinkReport.PREFIX + " ")) {
                reports.add(SinkReport.parse(line));
            } else {
                log.debug("flink: {}", line);
            }
        };
    }

    /** A free TCP port on the loopback address, for the cluster's REST API. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
