package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.realtime.RealTimeTranslator;
import dev.lachesis.translators.realtime.RealTimeTranslatorFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * The livelock the watchdog exists for, on the real kernel: a child pinned to CPU 1 whose producer
 * spins while its slow consumer's queue is full. With the producer at a higher RT priority than the
 * consumer, the consumer never runs; the watchdog must demote both within a second, after which the
 * consumer runs again, and the translator must not promote them during the back-off.
 */
@EnabledIf("dev.lachesis.translators.it.KernelGate#canUseRealTime")
class RtWatchdogKernelTest {
    @TempDir
    Path tmp;

    @Test
    void demotesTheRealTimeThreadsOfAStarvingProcessWithinASecond() throws Exception {
        RealTimeTranslator translator = null;
        try (ReportingChild child = ReportingChild.start(List.of("taskset", "-c", "1"), ThreadsChild.class, "pipeline")) {
            try {
                translator = (RealTimeTranslator) new RealTimeTranslatorFactory().create(new TranslatorContext("it",
                        ConfigNode.ofYaml("s", "{watchdog: {period: 100ms, stall: 400ms, backoff: 1m}}"),
                        ConfigNode.empty("cgroups"), tmp.resolve("journal")));
                int producer = child.tid("producer");
                int consumer = child.tid("consumer");
                translator.apply(translator.plan(Fixtures.single(child, "producer", 10, "consumer", 1)));

                await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20)).untilAsserted(() -> {
                    assertThat(ProcReader.scheduler(child.pid(), producer)).isEqualTo("0/0");
                    assertThat(ProcReader.scheduler(child.pid(), consumer)).isEqualTo("0/0");
                });
                long consumed = ProcFs.system().runTimeNanos(child.pid(), consumer).orElseThrow();
                await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(20)).until(
                        () -> ProcFs.system().runTimeNanos(child.pid(), consumer).orElseThrow() > consumed);

                assertThat(translator.isBackingOff()).isTrue();
                assertThat(translator.apply(translator.plan(Fixtures.single(child, "producer", 10, "consumer", 1))).threads())
                        .isEmpty();
                assertThat(ProcReader.scheduler(child.pid(), producer)).isEqualTo("0/0");
            } finally {
                if (translator != null) {
                    translator.close();
                }
            }
        }
    }
}
