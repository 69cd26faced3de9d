package dev.lachesis.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.proc.TaskStat;
import org.junit.jupiter.api.Test;

class ThreadSchedTest {
    /** {@code chrt -r 5 cat /proc/self/stat} on the test machine. */
    private static final String RR_5 = "23109 (cat) R 23107 23107 6382 0 -1 4194560 178 0 0 0 0 0 0 0 -6 0 1 0 429629 "
            + "3133440 390 18446744073709551615 94889075507200 94889075527081 140724645236704 0 0 0 0 0 0 0 0 0 17 1 5 2 0 "
            + "0 0 94889075543088 94889075544704 94890001338368 140724645239295 140724645239315 140724645239315 "
            + "140724645240811 0";
    /** {@code nice -n 7 cat /proc/self/stat}, with a thread name holding a space and a parenthesis. */
    private static final String NICE_7 = "23110 (Thread-4 (x)) R 23107 23107 6382 0 -1 4194304 175 0 1 0 0 0 0 0 27 7 1 0 "
            + "429630 3133440 360 18446744073709551615 93903316238336 93903316258217 140724026006016 0 0 0 0 0 0 0 0 0 17 "
            + "1 0 0 0 0 0 93903316274224 93903316275840 93904319438848 140724026014207 140724026014227 140724026014227 "
            + "140724026015723 0";

    @Test
    void readsPolicyRealTimePriorityAndNiceValue() {
        assertThat(sched(RR_5)).isEqualTo(new ThreadSched(2, 5, 0));
        assertThat(sched(NICE_7)).isEqualTo(new ThreadSched(0, 0, 7));
        assertThat(sched(RR_5).label()).isEqualTo("RR 5");
        assertThat(sched(NICE_7).label()).isEqualTo("nice 7");
    }

    private static ThreadSched sched(String statLine) {
        return ThreadSched.of(TaskStat.parse(statLine).orElseThrow());
    }

    @Test
    void readsTheThreadsOfThisJvm() {
        assertThat(ThreadSched.allOf(ProcessHandle.current().pid())).isNotEmpty()
                .containsKey(ProcessHandle.current().pid());
    }
}
