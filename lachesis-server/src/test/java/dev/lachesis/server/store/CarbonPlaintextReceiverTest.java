package dev.lachesis.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.metricsource.RealGraphite;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The carbon listener over real TCP: what it stores, what it skips. */
class CarbonPlaintextReceiverTest {
    private final EmbeddedStore store = new EmbeddedStore(100, Duration.ofSeconds(60), Clock.systemUTC());
    private final long now = System.currentTimeMillis() / 1000;
    private CarbonPlaintextReceiver receiver;

    @BeforeEach
    void start() throws IOException {
        receiver = CarbonPlaintextReceiver.start(store, InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void skipsMalformedAndOverlongLinesAndKeepsTheRest() throws Exception {
        RealGraphite.sendCarbon(receiver.port(), List.of("a.one 1 " + now, "garbage", "a.long " + "9".repeat(5000) + " " + now,
                "a.two 2 " + now + "\r", "a.three 3"));

        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.malformedLines() == 3);
        assertThat(store.query(List.of("a.*"), now, now)).extracting(Series::name).containsExactly("a.one", "a.two");
    }

    @Test
    void takesAFinalLineWithoutNewlineAndManyConnections() throws Exception {
        for (int i = 0; i < 20; i++) {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), receiver.port());
                 OutputStream out = socket.getOutputStream()) {
                out.write(("c.n" + i + " " + i + " " + now).getBytes(StandardCharsets.UTF_8));
            }
        }

        await().atMost(Duration.ofSeconds(10)).until(() -> store.size() == 20);
        assertThat(store.query(List.of("c.n7"), now, now))
                .containsExactly(new Series("c.n7", List.of(new DataPoint(now, 7))));
    }
}
