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

    @Test
    void theLogWriterInFrontOfAStorm2WorkerIsNotTheWorker() {
        List<String> workerLine = List.of("/usr/lib/jvm/java-17/bin/java", "-server", "-Dlogging.sensitivity=S3",
                "-Dlogfile.name=worker.log", "-Dstorm.home=/opt/storm", "-Dstorm.id=etl-1-1764672000",
                "-Dworker.id=3f2c", "-Dworker.port=6700", "-Dstorm.log.dir=/opt/storm/logs", "-cp",
                "/opt/storm/lib-worker/*:/opt/storm/extlib/*:/opt/storm/conf:/var/storm/supervisor/stormdist/etl-1-1764672000/stormjar.jar",
                "-Xmx768m", "-Djava.library.path=/var/storm/resources/Linux-amd64", "-Dstorm.conf.file=", "-Dstorm.options=",
                "-Djava.io.tmpdir=/var/storm/workers/3f2c/tmp", "org.apache.storm.daemon.worker.Worker",
                "etl-1-1764672000", "sup-node-a", "6628", "6700", "3f2c");
        List<String> logWriterLine = new java.util.ArrayList<>(List.of("/usr/lib/jvm/java-17/bin/java", "-cp",
                "/opt/storm/lib/*:/opt/storm/extlib/*:/opt/storm/conf", "-Dlogfile.name=worker.log",
                "-Dstorm.id=etl-1-1764672000", "-Dworker.port=6700", "org.apache.storm.LogWriter"));
        logWriterLine.addAll(workerLine);

        assertThat(StormProcess.fromCommandLine(20, workerLine)).contains(new StormProcess(20, "etl-1-1764672000", 6700));
        assertThat(StormProcess.fromCommandLine(21, logWriterLine)).isEqualTo(Optional.empty());
    }

    @Test
    void aStormJarClientSubmittingATopologyIsNotLocalMode() {
        assertThat(StormProcess.fromCommandLine(22, List.of("java", "-client", "-Dstorm.options=", "-Dstorm.home=/opt/storm",
                "-cp", "/opt/storm/lib/storm-server-2.8.3.jar:/opt/storm/lib/storm-client-2.8.3.jar:etl.jar",
                "-Dstorm.jar=etl.jar", "-Dstorm.dependency.jars=", "com.example.EtlTopology", "etl")))
                .isEqualTo(Optional.empty());
    }
}
