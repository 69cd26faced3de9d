package dev.lachesis.translators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.translators.realtime.RealTimeTranslatorFactory;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.TranslatorFactory;
import org.junit.jupiter.api.Test;

class TranslatorPluginsTest {
    @Test
    void factoriesAreFoundByServiceLoaderUnderTheirNames() {
        Plugins<TranslatorFactory> plugins = Plugins.load(TranslatorFactory.class, "translator");
        assertThat(plugins.names()).contains("nice", "rt", "cgroup");
        assertThat(plugins.asMap().get("rt")).isInstanceOf(RealTimeTranslatorFactory.class);
        assertThat(plugins.asMap().get("nice")).isInstanceOf(NiceTranslatorFactory.class);
        assertThat(plugins.asMap().get("cgroup")).isInstanceOf(CgroupTranslatorFactory.class);
    }
}
