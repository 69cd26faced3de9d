package dev.lachesis.translators;

import static dev.lachesis.translators.Schedules.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.translators.journal.RestoreJournal;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watchdog against a temporary /proc: a runnable thread that gets no CPU trips it (that a thread
 * which runs does not is {@link StallDetectorTest}'s).
 */
class RtWatchdogTest {
    @TempDir
    Path tmp;

    @Test
    void aStarvedRunnableThreadMakesTheTranslatorDemoteEveryRtThread() throws Exception {
        FakeProc proc = new FakeProc(tmp.resolve("proc"));
        proc.thread(100, 101, "producer").thread(100, 102, "consumer");
        RecordingKernel kernel = new RecordingKernel();
        RealTimeSettings settings = RealTimeSettings.bind(ConfigNode.ofYaml("s",
                "{watchdog: {period: 20ms, stall: 100ms, backoff: 1m}}"));
        try (RealTimeTranslator translator = new RealTimeTranslator("qs", settings, kernel, proc.procFs, null,
                RestoreJournal.open(tmp.resolve("journal")), new CgroupSettings("/lachesis", null))) {
            translator.apply(translator.plan(single(100, 101, 9, 102, 1)));
            // the consumer wants to run but its run time stands still
            proc.runnable(100, 1000, 102, "consumer", 5_000);
            await().atMost(Duration.ofSeconds(5)).until(() -> kernel.calls.contains("setScheduler 101 OTHER 0"));
            assertThat(kernel.callsStartingWith("setScheduler 10")).containsExactly("setScheduler 101 RR 99",
                    "setScheduler 102 RR 1", "setScheduler 101 OTHER 0", "setScheduler 102 OTHER 0");
            assertThat(translator.isBackingOff()).isTrue();
            assertThat(kernel.calls).as("the watchdog raised itself to the top RT priority").contains("setScheduler 1 FIFO 99");
        }
    }
}
