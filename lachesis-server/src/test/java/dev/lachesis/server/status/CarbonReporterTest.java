package dev.lachesis.server.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ReportConfig;
import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.testing.LogCapture;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rounds reach carbon as plaintext lines; a carbon that is down is logged once and rounds go on. */
class CarbonReporterTest {
    private static RoundResult round(Instant at) {
        return new RoundResult(new RoundReport(at, Duration.ofMillis(2), List.of("qs"), List.of("qs"), List.of()),
                Map.of(), Map.of());
    }

    @Test
    void eachRoundIsWrittenAsPlaintextLinesOnOneConnection() throws Exception {
        try (ServerSocket carbon = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             CarbonReporter reporter = CarbonReporter.start(new ReportConfig("127.0.0.1:" + carbon.getLocalPort(), "lx"))) {
            reporter.accept(round(Instant.ofEpochSecond(1_000)));
            reporter.accept(round(Instant.ofEpochSecond(1_001)));
            try (Socket connection = carbon.accept();
                 BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(),
                         StandardCharsets.UTF_8))) {
                assertThat(List.of(in.readLine(), in.readLine(), in.readLine(), in.readLine())).containsExactly(
                        "lx.round.duration_ms 2 1000", "lx.round.outcome 0 1000",
                        "lx.round.duration_ms 2 1001", "lx.round.outcome 0 1001");
            }
        }
    }

    @Test
    void aCarbonThatRefusesIsLoggedOnceAndTheRoundsGoOn() throws Exception {
        int closedPort;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = gone.getLocalPort();
        }
        try (LogCapture log = new LogCapture(CarbonReporter.class)) {
            CarbonReporter reporter = CarbonReporter.start(new ReportConfig("127.0.0.1:" + closedPort, "lx"));
            for (int i = 0; i < 5; i++) {
                reporter.accept(round(Instant.ofEpochSecond(1_000 + i)));
            }
            reporter.close();

            assertThat(log.lines()).filteredOn(l -> l.contains("Cannot report rounds to carbon at 127.0.0.1:" + closedPort))
                    .singleElement().asString().endsWith(": Connection refused (dropping them until it answers)")
                    .doesNotContain("Exception");
        }
    }
}
