package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.translators.realtime.RealTimeTranslatorFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.condition.EnabledIf;

@EnabledIf("dev.lachesis.translators.it.KernelGate#canUseRealTime")
class RealTimeKernelTest extends KernelTranslatorContract {
    @Override
    Translator create(Path journal) throws Exception {
        return new RealTimeTranslatorFactory().create(new TranslatorContext("it", ConfigNode.ofYaml("settings", "{lowest: 10, highest: 30}"),
                ConfigNode.empty("cgroups"), journal));
    }

    @Override
    void assertApplied() {
        assertThat(ProcReader.scheduler(child.pid(), child.tid(SOURCE))).isEqualTo("2/30");
        assertThat(ProcReader.scheduler(child.pid(), child.tid(MAP))).isEqualTo("2/19");
        assertThat(ProcReader.scheduler(child.pid(), child.tid(SINK))).isEqualTo("2/10");
        assertThat(ProcReader.nice(child.pid(), child.tid(MAP))).as("nice kept").isEqualTo(5);
    }
}
