package dev.lachesis.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Two nodes made from namespaces, read from inside and outside as a cluster test would. */
class LinuxNodeTest {
    @BeforeAll
    static void needsRoot() throws IOException {
        assumeTrue(Files.readString(Path.of("/proc/self/status")).lines().anyMatch(l -> l.matches("Uid:\\s+0\\s.*")),
                "namespaces need root");
    }

    private static String run(LinuxNode node, String script) throws Exception {
        Process p = new ProcessBuilder(node.command(List.of("sh", "-c", script))).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void eachNodeHasItsHostnameItsCpuAndSeesOnlyItsOwnProcesses() throws Exception {
        String machine = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        try (LinuxNode a = LinuxNode.start("node-a", 1); LinuxNode b = LinuxNode.start("node-b", 0)) {
            assertThat(run(a, "hostname")).isEqualTo("node-a");
            assertThat(run(b, "hostname")).isEqualTo("node-b");
            assertThat(Files.readString(Path.of("/proc/sys/kernel/hostname")).strip()).isEqualTo(machine);
            assertThat(run(a, "grep Cpus_allowed_list /proc/self/status")).endsWith("\t1");
            assertThat(run(b, "grep Cpus_allowed_list /proc/self/status")).endsWith("\t0");

            Process worker = new ProcessBuilder(a.command(List.of("sleep", "300"))).start();
            try {
                String inA = run(a, "cat /proc/[0-9]*/cmdline | tr '\\0' ' '");
                String inB = run(b, "cat /proc/[0-9]*/cmdline | tr '\\0' ' '");
                assertThat(inA).contains("sleep 300");
                assertThat(inB).doesNotContain("sleep 300");
                assertThat(run(a, "cat /proc/1/comm")).isEqualTo("sleep");
                long sleeper = awaitChild(worker.pid());
                assertThat(a.processes()).as("processes in node-a").contains(sleeper);
                assertThat(b.processes()).as("processes in node-b").doesNotContain(sleeper);
                long inNode = LinuxNode.pidInNode(sleeper).orElseThrow();
                assertThat(inNode).as("its PID in node-a").isNotEqualTo(sleeper);
                assertThat(a.hostPid(inNode)).as("PID %d of node-a", inNode).contains(sleeper);
                Process other = new ProcessBuilder(b.command(List.of("sleep", "300"))).start();
                try {
                    assertThat(LinuxNode.pidInNode(awaitChild(other.pid()))).as("node-b's first process's PID in node-b")
                            .isNotEqualTo(Optional.of(inNode));
                } finally {
                    other.destroyForcibly();
                }
            } finally {
                worker.destroyForcibly();
            }
        }
    }

    @Test
    void nodesSharingAHostsFileKnowEachOtherByNameAndThemselvesByTheirOwn() throws Exception {
        Path hosts = Files.createTempFile("lachesis-hosts-", "");
        try {
            Files.writeString(hosts, "127.0.0.1 localhost\n127.0.1.1 node-d\n127.0.1.2 node-e\n");
            String machineHosts = Files.readString(Path.of("/etc/hosts"));
            try (LinuxNode d = LinuxNode.start("node-d", 1, hosts); LinuxNode e = LinuxNode.start("node-e", 0, hosts)) {
                assertThat(run(d, "getent hosts node-e")).startsWith("127.0.1.2");
                assertThat(run(e, "getent hosts node-e")).startsWith("127.0.1.2");
                assertThat(run(d, "getent hosts 127.0.1.1")).endsWith("node-d");
                assertThat(Files.readString(Path.of("/etc/hosts"))).isEqualTo(machineHosts);
            }
        } finally {
            Files.delete(hosts);
        }
    }

    @Test
    void closingANodeEndsEveryProcessInsideIt() throws Exception {
        long sleeper;
        try (LinuxNode node = LinuxNode.start("node-c", 1)) {
            Process nsenter = new ProcessBuilder(node.command(List.of("sleep", "300"))).start();
            sleeper = awaitChild(nsenter.pid());
            assertThat(ProcessHandle.of(sleeper)).isPresent();
        }
        await("the node's process " + sleeper + " ends").atMost(Duration.ofSeconds(10))
                .until(() -> ProcessHandle.of(sleeper).map(h -> !h.isAlive()).orElse(true));
    }

    /** The command nsenter forked, as this machine numbers it. */
    private static long awaitChild(long nsenter) {
        return await("the command nsenter " + nsenter + " forks").atMost(Duration.ofSeconds(10))
                .until(() -> ProcessHandle.of(nsenter).flatMap(h -> h.children().findFirst()), Optional::isPresent)
                .get().pid();
    }
}
