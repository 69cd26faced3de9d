package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
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
 * The canary on the real kernel: a child pinned to CPU 1 with one thread spinning at SCHED_RR, which
 * never starves itself, so only the canary can see what it does to the CPU's ordinary threads. While
 * the kernel throttles RT threads (950 ms of each second here) a canary pinned to CPU 1 waits at most
 * that long and the spinner stays real-time; with throttling switched off for the test, the canary
 * gets no CPU for longer than the stall and the spinner is demoted. (This kernel's fair server still
 * gives ordinary threads 50 ms of each second, so the machine is never wholly starved meanwhile.)
 */
@EnabledIf("dev.lachesis.translators.it.KernelGate#canChangeRtThrottling")
class RtCanaryKernelTest {
    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("try") // the resource is the state (RT throttling off); the block only runs while it holds
    void aSpinnerStaysRealTimeWhileTheKernelThrottlesItAndIsDemotedOnceNothingDoes() throws Exception {
        RealTimeTranslator translator = null;
        try (ReportingChild child = ReportingChild.start(List.of("taskset", "-c", "1"), ThreadsChild.class, "spin:spinner")) {
            try {
                translator = (RealTimeTranslator) new RealTimeTranslatorFactory().create(new TranslatorContext("it",
                        ConfigNode.ofYaml("s", "{watchdog: {period: 100ms, stall: 400ms, backoff: 1m}}"),
                        ConfigNode.empty("cgroups"), tmp.resolve("journal")));
                int spinner = child.tid("spinner");
                translator.apply(translator.plan(Fixtures.single(child, "spinner", 10)));
                assertThat(ProcReader.scheduler(child.pid(), spinner)).isEqualTo("2/99");

                await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
                        .until(() -> ProcReader.scheduler(child.pid(), spinner).equals("2/99"));

                try (RtThrottlingOff off = new RtThrottlingOff()) {
                    await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(20))
                            .until(() -> ProcReader.scheduler(child.pid(), spinner).equals("0/0"));
                }
                assertThat(translator.isBackingOff()).isTrue();
                assertThat(RtThrottlingOff.read(RtThrottlingOff.SYSCTL)).as("throttling is back").isNotEqualTo("-1");
            } finally {
                if (translator != null) {
                    translator.close();
                }
            }
        }
    }
}
