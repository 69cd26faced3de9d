package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.testing.LogCapture;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** One JVM that cannot be read is left out, said once when it starts and once when it recovers. */
class EachJvmThreadsTest {
    private final Set<Integer> unreadable = new HashSet<>();
    private final EachJvmThreads eachJvm = new EachJvmThreads(LoggerFactory.getLogger(EachJvmThreadsTest.class),
            "Flink JVM");

    @Test
    void anUnreadableJvmIsLeftOutAndLoggedOnceUntilItRecovers() throws Exception {
        try (LogCapture log = new LogCapture(EachJvmThreadsTest.class)) {
            unreadable.add(2);
            assertThat(eachJvm.read(List.of(1, 2), this::threads)).containsOnlyKeys(1);
            assertThat(eachJvm.read(List.of(1, 2), this::threads)).containsOnlyKeys(1);
            unreadable.clear();
            assertThat(eachJvm.read(List.of(1, 2), this::threads)).containsOnlyKeys(1, 2);

            assertThat(log.lines()).containsExactly(
                    "WARN Skipping Flink JVM 2 until its threads can be read: no attach to 2",
                    "INFO Recovered after 2 failed round(s): the threads of Flink JVM 2");
        }
    }

    @Test
    void aJvmThatEndedIsForgottenWithoutALine() throws Exception {
        try (LogCapture log = new LogCapture(EachJvmThreadsTest.class)) {
            unreadable.add(2);
            eachJvm.read(List.of(1, 2), this::threads);
            eachJvm.read(List.of(1), this::threads);
            unreadable.clear();
            eachJvm.read(List.of(1, 2), this::threads);

            assertThat(log.lines()).containsExactly("WARN Skipping Flink JVM 2 until its threads can be read: no attach to 2");
        }
    }

    @Test
    void theRoundFailsOnlyWhenNoJvmCanBeRead() {
        unreadable.addAll(List.of(1, 2));
        assertThatThrownBy(() -> eachJvm.read(List.of(1, 2), this::threads)).isInstanceOf(DriverException.class)
                .hasMessage("no attach to 1");
    }

    private List<String> threads(int pid) throws DriverException {
        if (unreadable.contains(pid)) {
            throw new DriverException("no attach to " + pid);
        }
        return List.of("thread of " + pid);
    }
}
