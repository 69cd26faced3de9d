package dev.lachesis.translators;

import static dev.lachesis.translators.Schedules.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.translators.journal.RestoreJournal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The watchdog against a temporary /proc: a runnable thread that gets no CPU trips it (that a thread
 * which runs does not is {@link StallDetectorTest}'s). While the kernel throttles real-time threads
 * only the translator's RT threads are watched; without throttling, every thread of their processes.
 * Process 100 has a normal thread, {@code helper}, and two the translator makes real-time.
 */
class RtWatchdogTest {
    @TempDir
    Path tmp;
    private FakeProc proc;
    private final RecordingKernel kernel = new RecordingKernel();

    @BeforeEach
    void setUp() {
        proc = new FakeProc(tmp.resolve("proc"));
        proc.thread(100, 101, "helper").thread(100, 102, "producer").thread(100, 103, "consumer");
    }

    private RealTimeTranslator translator() throws Exception {
        RealTimeSettings settings = RealTimeSettings.bind(ConfigNode.ofYaml("s",
                "{watchdog: {period: 20ms, stall: 100ms, backoff: 1m}}"));
        return new RealTimeTranslator("qs", settings, kernel, proc.procFs, null,
                RestoreJournal.open(tmp.resolve("journal")), new CgroupSettings("/lachesis", null));
    }

    @Test
    void aStarvedRtThreadMakesTheTranslatorDemoteEveryRtThread() throws Exception {
        proc.rtRuntime(950_000);
        try (RealTimeTranslator translator = translator()) {
            translator.apply(translator.plan(single(100, 102, 9, 103, 1)));
            // the consumer wants to run but its run time stands still
            proc.runnable(100, 1000, 103, "consumer", 5_000);
            await().atMost(Duration.ofSeconds(5)).until(() -> kernel.calls.contains("setScheduler 102 OTHER 0"));
            assertThat(kernel.callsStartingWith("setScheduler 10")).containsExactly("setScheduler 102 RR 99",
                    "setScheduler 103 RR 1", "setScheduler 102 OTHER 0", "setScheduler 103 OTHER 0");
            assertThat(translator.isBackingOff()).isTrue();
            assertThat(kernel.calls).as("the watchdog raised itself to the top RT priority").contains("setScheduler 1 FIFO 99");
        }
    }

    @Test
    void whileTheKernelThrottlesRtThreadsAStarvedNormalThreadIsNotWatched() {
        proc.rtRuntime(950_000).runnable(100, 1000, 101, "helper", 5_000);
        AtomicInteger looks = new AtomicInteger();
        List<String> reasons = new CopyOnWriteArrayList<>();
        Set<ThreadRef> rtThreads = Set.of(new ThreadRef(100, 102), new ThreadRef(100, 103));
        WatchdogSettings settings = new WatchdogSettings(true, Duration.ofMillis(10), Duration.ofMillis(50),
                Duration.ofMinutes(1));
        try (RtWatchdog watchdog = new RtWatchdog("qs", kernel, proc.procFs, settings, () -> {
            looks.incrementAndGet();
            return rtThreads;
        }, reasons::add)) {
            watchdog.start();
            // Looks start at least a period apart: the sixth is at least the stall after the first,
            // and the seventh begins only after the sixth has reported what it found.
            await().atMost(Duration.ofSeconds(5)).until(() -> looks.get() >= 7);
            assertThat(reasons).as("the helper starved for the stall time but is not real-time").isEmpty();

            proc.runnable(100, 1000, 103, "consumer", 5_000);
            await().atMost(Duration.ofSeconds(5)).until(() -> !reasons.isEmpty());
            assertThat(reasons.get(0)).startsWith("thread 'consumer' (100/103) was runnable but got no CPU for ");
        }
    }

    @ParameterizedTest(name = "sched_rt_runtime_us {0} of 1000000")
    @ValueSource(longs = {-1, 1_000_000})
    void withoutRtThrottlingAStarvedNormalThreadOfTheProcessMakesTheTranslatorDemote(long runtimeUs) throws Exception {
        proc.rtRuntime(runtimeUs);
        try (RealTimeTranslator translator = translator()) {
            translator.apply(translator.plan(single(100, 102, 9, 103, 1)));
            proc.runnable(100, 1000, 101, "helper", 5_000);
            await().atMost(Duration.ofSeconds(5)).until(() -> kernel.calls.contains("setScheduler 102 OTHER 0"));
            assertThat(kernel.callsStartingWith("setScheduler 10")).containsExactly("setScheduler 102 RR 99",
                    "setScheduler 103 RR 1", "setScheduler 102 OTHER 0", "setScheduler 103 OTHER 0");
        }
    }
}
