package dev.lachesis.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class LocalGraphiteTest {
    @Test
    void acceptsPortsThatAnswerAndLeavesThemRunning() throws IOException {
        try (ServerSocket carbon = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket web = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            LocalGraphite graphite = LocalGraphite.at(carbon.getLocalPort(), web.getLocalPort());
            graphite.close();

            assertThat(graphite.describe()).isEqualTo("Graphite on 127.0.0.1 (carbon plaintext " + carbon.getLocalPort()
                    + ", render API " + web.getLocalPort() + ")");
            assertThat(carbon.isClosed()).isFalse();
        }
    }

    @Test
    void namesThePortThatDoesNotAnswerAndHowToStartGraphite() throws IOException {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try (ServerSocket carbon = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> LocalGraphite.at(carbon.getLocalPort(), closed))
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("no graphite-web on 127.0.0.1:" + closed + " (")
                    .hasMessageEndingWith("); start Graphite with deploy/graphite/graphite.sh");
        }
    }
}
