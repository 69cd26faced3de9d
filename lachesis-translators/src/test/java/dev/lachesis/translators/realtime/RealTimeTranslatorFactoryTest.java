package dev.lachesis.translators.realtime;

import static dev.lachesis.translators.Schedules.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.translators.FakeProc;
import dev.lachesis.translators.Machine;
import dev.lachesis.translators.RecordingKernel;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.testing.LogCapture;
import dev.lachesis.translators.kernel.KernelCapabilities;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which translator {@code translator: rt} gives a policy, by whether the threads of its SPEs poll their queues. */
class RealTimeTranslatorFactoryTest {
    @TempDir
    Path tmp;
    private FakeProc proc;
    private final RecordingKernel kernel = new RecordingKernel();
    private RealTimeTranslatorFactory factory;

    @BeforeEach
    void setUp() {
        proc = new FakeProc(tmp.resolve("proc"));
        proc.thread(100, 1000, 101, "a", 0, 0, 0, "/").thread(100, 1000, 102, "b", 0, 0, 0, "/");
        Machine machine = new Machine(kernel, proc.procFs, Optional.empty(), new KernelCapabilities(true, true, "", ""));
        factory = new RealTimeTranslatorFactory(() -> machine);
    }

    private Translator create(String yaml, List<String> spes, Set<String> polling) throws ConfigException {
        return factory.create(new TranslatorContext("storm-qs-io", ConfigNode.ofYaml("policies[0].translator-settings",
                yaml), ConfigNode.empty("cgroups"), tmp.resolve("journal"), spes, polling));
    }

    @Test
    void aPolicyWhoseSpesAllPollGetsNiceValuesWithTheSameNormaliserAndSaysSo() throws Exception {
        try (LogCapture log = new LogCapture(RealTimeTranslatorFactory.class);
             Translator translator = create("{watchdog: {enabled: false}}", List.of("storm"), Set.of("storm"))) {
            translator.apply(translator.plan(single(100, 101, 5, 102, 1)));

            assertThat(translator.isRealTime()).isFalse();
            assertThat(kernel.callsStartingWith("setScheduler")).isEmpty();
            assertThat(kernel.calls).containsExactly("setNice 101 -20", "setNice 102 19");
            assertThat(log.lines()).singleElement().asString().contains("Policy 'storm-qs-io'", "[storm]",
                    "as nice values (-20 to 19)", "polling-spes: rt");
        }
    }

    @Test
    void pollingSpesRtKeepsRealTime() throws Exception {
        try (Translator translator = create("{polling-spes: rt, watchdog: {enabled: false}}", List.of("storm"),
                Set.of("storm"))) {
            translator.apply(translator.plan(single(100, 101, 5, 102, 1)));

            assertThat(translator.isRealTime()).isTrue();
            assertThat(kernel.callsStartingWith("setScheduler")).containsExactly("setScheduler 101 RR 99",
                    "setScheduler 102 RR 1");
        }
    }

    @Test
    void aPolicyThatAlsoSchedulesAnSpeWhoseThreadsBlockKeepsRealTime() throws Exception {
        try (Translator translator = create("{watchdog: {enabled: false}}", List.of("storm", "flink"),
                Set.of("storm"))) {
            assertThat(translator.isRealTime()).isTrue();
        }
    }

    @Test
    void anUnknownPollingSpesValueIsNamedWithItsKey() {
        assertThatThrownBy(() -> create("{polling-spes: fast}", List.of("storm"), Set.of("storm")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("policies[0].translator-settings.polling-spes")
                .hasMessageContaining("fast");
    }
}
