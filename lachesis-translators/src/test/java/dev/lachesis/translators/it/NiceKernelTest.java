package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.translators.NiceTranslatorFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.condition.EnabledIf;

@EnabledIf("dev.lachesis.translators.it.KernelGate#canLowerNice")
class NiceKernelTest extends KernelTranslatorContract {
    @Override
    Translator create(Path journal) throws Exception {
        return new NiceTranslatorFactory().create(new TranslatorContext("it", ConfigNode.empty("settings"),
                ConfigNode.empty("cgroups"), journal));
    }

    @Override
    void assertApplied() {
        assertThat(ProcReader.nice(child.pid(), child.tid(SOURCE))).isEqualTo(-20);
        assertThat(ProcReader.nice(child.pid(), child.tid(MAP))).isEqualTo(2);
        assertThat(ProcReader.nice(child.pid(), child.tid(SINK))).isEqualTo(19);
    }
}
