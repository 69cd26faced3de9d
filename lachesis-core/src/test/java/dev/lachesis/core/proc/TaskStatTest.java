package dev.lachesis.core.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskStatTest {
    // A Flink subtask thread in SCHED_RR at priority 42 with nice 0, captured from a real /proc.
    private static final String FLINK_RR = "4242 (Map (1/2)#0) S 4100 4100 4000 0 -1 1077936192 3512 0 0 0 "
            + "1234 56 0 0 -43 0 57 0 987654 5000000000 12000 18446744073709551615 1 1 0 0 0 0 0 4096 "
            + "17663 0 0 0 -1 1 42 2 0 0 0 0 0 0 0 0 0 0";

    @Test
    void takesTheNameUpToTheLastParenthesis() {
        TaskStat stat = TaskStat.parse(FLINK_RR).orElseThrow();
        assertThat(stat.tid()).isEqualTo(4242);
        assertThat(stat.comm()).isEqualTo("Map (1/2)#0");
        assertThat(stat.state()).isEqualTo('S');
    }

    @Test
    void readsSchedulingFields() {
        TaskStat stat = TaskStat.parse(FLINK_RR).orElseThrow();
        assertThat(stat.nice()).isZero();
        assertThat(stat.rtPriority()).isEqualTo(42);
        assertThat(stat.policy()).isEqualTo(2);
        assertThat(stat.startTimeTicks()).isEqualTo(987654L);
        assertThat(stat.cpuTicks()).isEqualTo(1290L);
        assertThat(stat.cpuSeconds()).isEqualTo(12.9);
    }

    @Test
    void rejectsATruncatedLine() {
        assertThat(TaskStat.parse("12 (x) S 1 2 3")).isEmpty();
        assertThat(TaskStat.parse("garbage")).isEmpty();
    }

    @Test
    void readsThisJvmsOwnThreads() {
        ProcFs proc = ProcFs.system();
        long self = ProcessHandle.current().pid();
        assertThat(proc.tids((int) self)).contains((int) self);
        TaskStat main = proc.processStat((int) self).orElseThrow();
        assertThat(main.tid()).isEqualTo((int) self);
        assertThat(main.policy()).isZero();
    }

    @Test
    void treatsAVanishedThreadAsAbsent(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("7/task/7"));
        Files.writeString(root.resolve("7/task/7/comm"), "worker\n");
        ProcFs proc = new ProcFs(root);
        assertThat(proc.pids()).containsExactly(7);
        assertThat(proc.tids(7)).containsExactly(7);
        assertThat(proc.comm(7, 7)).contains("worker");
        assertThat(proc.taskStat(7, 8)).isEmpty();
        assertThat(proc.tids(99)).isEmpty();
    }
}
