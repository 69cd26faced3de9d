package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StormProcessTest {
    @Test
    void aStorm2WorkerNamesItsTopologyAndPort() {
        assertThat(StormProcess.fromCommandLine(10, List.of("java", "-Dstorm.id=x", "-cp", "a.jar",
                "org.apache.storm.daemon.worker.Worker", "wc-1-1700000000", "sup-1", "6627", "6701", "w-1")))
                .contains(new StormProcess(10, "wc-1-1700000000", 6701));
    }

    @Test
    void aStorm1WorkerNamesItsTopologyAndPort() {
        assertThat(StormProcess.fromCommandLine(11, List.of("java", "-cp", "storm-core-1.2.3.jar",
                "org.apache.storm.daemon.worker", "wc-1-1700000000", "sup-1", "6700", "w-1")))
                .contains(new StormProcess(11, "wc-1-1700000000", 6700));
    }

    @Test
    void localModeJvmsAreFoundByMainClassOrByStormOnTheClassPath() {
        assertThat(StormProcess.fromCommandLine(12, List.of("java", "-cp", "x.jar", "org.apache.storm.LocalCluster",
                "app.Main"))).contains(new StormProcess(12, null, null));
        assertThat(StormProcess.fromCommandLine(13, List.of("java", "-cp", "/lib/storm-server-2.8.3.jar:app.jar",
                "app.Main"))).contains(new StormProcess(13, null, null));
    }

    @Test
    void stormDaemonsAndOtherJvmsAreNotWorkers() {
        assertThat(StormProcess.fromCommandLine(14, List.of("java", "-cp", "/lib/storm-server-2.8.3.jar",
                "org.apache.storm.daemon.nimbus.Nimbus"))).isEqualTo(Optional.empty());
        assertThat(StormProcess.fromCommandLine(15, List.of("java", "-cp", "/lib/storm-server-2.8.3.jar",
                "org.apache.storm.daemon.supervisor.Supervisor"))).isEqualTo(Optional.empty());
        assertThat(StormProcess.fromCommandLine(16, List.of("java", "-jar", "flink-dist.jar"))).isEqualTo(Optional.empty());
        assertThat(StormProcess.fromCommandLine(17, List.of("java", "org.apache.storm.daemon.worker.Worker", "too-few")))
                .isEqualTo(Optional.empty());
    }
}
