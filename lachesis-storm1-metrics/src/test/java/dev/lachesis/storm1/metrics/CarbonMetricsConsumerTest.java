package dev.lachesis.storm1.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.metric.api.IMetricsConsumer.DataPoint;
import org.apache.storm.metric.api.IMetricsConsumer.TaskInfo;
import org.junit.jupiter.api.Test;

/**
 * The consumer as a topology registers it: its argument read with a clear error for a bad value,
 * its lines arriving at a carbon receiver on the loopback, and a receiver that went away costing a
 * dropped batch, not an exception in Storm's executor.
 */
class CarbonMetricsConsumerTest {
    private static final TaskInfo TASK = new TaskInfo("localhost", 6700, "split", 3, 1_764_000_000L, 1);

    private static Map<String, Object> carbon(int port) {
        Map<String, Object> argument = new HashMap<>();
        argument.put(CarbonSettings.HOST, "127.0.0.1");
        argument.put(CarbonSettings.PORT, port);
        argument.put(CarbonSettings.PREFIX, "Storm");
        return argument;
    }

    @Test
    void sendsTheTasksMetricsUnderTheTopologysNameToTheReceiver() throws Exception {
        try (ServerSocket receiver = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CarbonMetricsConsumer consumer = new CarbonMetricsConsumer();
            Map<String, Object> conf = new HashMap<>();
            conf.put(Config.TOPOLOGY_NAME, "etl");
            consumer.prepare(conf, carbon(receiver.getLocalPort()), null, null);

            consumer.handleDataPoints(TASK, List.of(new DataPoint("__sendqueue", Map.of("population", 2L))));

            try (Socket connection = receiver.accept();
                 BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(),
                         StandardCharsets.UTF_8))) {
                assertThat(in.readLine()).isEqualTo("Storm.etl.localhost.6700.split.3.sendqueue.population.value 2 "
                        + TASK.timestamp);
            } finally {
                consumer.cleanup();
            }
        }
    }

    @Test
    void aReceiverThatIsGoneCostsTheBatchAndTheNextOneReachesItWhenItIsBack() throws Exception {
        int port;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = gone.getLocalPort();
        }
        CarbonWriter writer = new CarbonWriter("127.0.0.1", port);
        assertThat(writer.write(List.of("a.value 1 1\n"))).isFalse();

        try (ServerSocket back = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(writer.write(List.of("a.value 2 2\n"))).isTrue();
            try (Socket connection = back.accept();
                 BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(),
                         StandardCharsets.UTF_8))) {
                assertThat(in.readLine()).isEqualTo("a.value 2 2");
            }
        } finally {
            writer.close();
        }
    }

    @Test
    void aBadRegistrationArgumentNamesTheKeyAndWhatItMustBe() {
        Map<String, Object> argument = carbon(2003);
        argument.put(CarbonSettings.PORT, "carbon");

        assertThatThrownBy(() -> CarbonSettings.from(argument)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("lachesis-storm1-metrics: carbon.port was 'carbon' but must be a port number (1-65535)");
        assertThatThrownBy(() -> CarbonSettings.from("127.0.0.1:2003")).hasMessageContaining("must be a map");
        assertThat(CarbonSettings.from(null).port()).isEqualTo(2003);
    }
}
