package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadDumpParserTest {
    /**
     * {@code jcmd 25089 Thread.print} of a JDK 17 {@link NamedThreadsChild}; its task directory then
     * held 24 threads, 25089 (the launcher's primordial thread, {@code comm} "java") being the only
     * one the dump does not list.
     */
    private static String capturedDump() throws IOException {
        try (InputStream in = ThreadDumpParserTest.class.getResourceAsStream("jcmd-thread-print-jdk17.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void mapsEveryThreadOfARealJdk17DumpByItsHexadecimalNid() throws IOException {
        Map<Integer, String> names = ThreadDumpParser.parse(capturedDump());

        assertThat(names).hasSize(23)
                .containsEntry(0x6203, "main")
                .containsEntry(0x6215, "storm \"quoted\" (1/3) [executor 3 3]-0")
                .containsEntry(0x6216, "storm \"quoted\" (1/3) [executor 3 3]-1")
                .containsEntry(0x6217, "Source: Custom Source -> Map (1/2)#0")
                .containsEntry(0x6218, "short")
                .containsEntry(0x62c9, "Attach Listener")
                .containsEntry(0x6209, "VM Thread")
                .containsEntry(0x6204, "GC Thread#0")
                .containsEntry(0x620f, "C2 CompilerThread0")
                .doesNotContainKey(25089);
    }

    @Test
    void readsTheDecimalNidOfJdk19AndLater() {
        String dump = """
                "Thread-12-split-executor[3, 3]" #54 [10815] daemon prio=5 os_prio=0 cpu=2.10ms elapsed=3.20s \
                tid=0x00007f2c64012340 nid=10815 waiting on condition  [0x00007f2bd41fe000]
                   java.lang.Thread.State: WAITING (parking)
                """;

        assertThat(ThreadDumpParser.parse(dump)).containsExactly(Map.entry(10815, "Thread-12-split-executor[3, 3]"));
    }

    @Test
    void keepsQuotesAndNidLookalikesInsideTheName() {
        String dump = """
                "a" nid=0x1 "b"" #12 daemon prio=5 os_prio=0 tid=0x00007f2c64012340 nid=0x2a waiting on condition
                """;

        assertThat(ThreadDumpParser.parse(dump)).containsExactly(Map.entry(42, "a\" nid=0x1 \"b\""));
    }

    @Test
    void joinsANameThatContainsALineBreak() {
        String dump = """
                "first line
                second line" #12 prio=5 os_prio=0 tid=0x00007f2c64012340 nid=0x10 runnable
                \tat java.lang.Thread.run(Thread.java:833)

                "next" #13 prio=5 os_prio=0 tid=0x00007f2c64012341 nid=0x11 runnable
                """;

        assertThat(ThreadDumpParser.parse(dump)).containsOnly(Map.entry(16, "first line\nsecond line"),
                Map.entry(17, "next"));
    }

    @Test
    void ignoresLinesThatAreNotThreadHeaders() {
        String dump = """
                25089:
                Full thread dump OpenJDK 64-Bit Server VM (17.0.15+6-Debian-1deb12u1 mixed mode, sharing):
                \t- locked <0x000000069ec02f40> (a java.lang.ref.ReferenceQueue$Lock)
                "broken header without id"
                JNI global refs: 6, weak refs: 0
                """;

        assertThat(ThreadDumpParser.parse(dump)).isEmpty();
    }
}
