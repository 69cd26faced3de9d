package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.SpeDriverFactory;
import java.net.InetAddress;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

class StormDriverFactoryTest {
    private static DriverContext context(String yaml) {
        return new DriverContext("storm", ConfigNode.ofYaml("spes[0]", yaml), List.of(),
                new StormFixtures.FixedMetricSource(List.of()), pid -> List.of(), Clock.systemUTC());
    }

    @Test
    void isFoundByServiceLoaderUnderItsName() throws ConfigException {
        Plugins<SpeDriverFactory> drivers = Plugins.load(SpeDriverFactory.class, "driver");

        assertThat(drivers.get("storm", "spes[0].driver")).isInstanceOf(StormDriverFactory.class);
    }

    @Test
    void createsADriverFromAFullEntry() throws ConfigException {
        var driver = new StormDriverFactory().create(context("""
                name: storm
                driver: storm
                discovery: {topology: lachesis-pipeline}
                settings: {version: 2, window: 10s, wait-strategy: park}
                """));

        assertThat(driver.providedMetrics()).contains("input-queue-size", "output-queue-size", "head-age-reported-ms");
    }

    @Test
    void reportsEveryBadSettingOnItsOwnLine() {
        assertThatThrownBy(() -> new StormDriverFactory().create(context("""
                discovery: {topology: a.b}
                settings: {version: 3, window: 1s, wait-strategy: spin}
                """))).isInstanceOf(ConfigException.class).satisfies(e -> assertThat(((ConfigException) e).problems())
                .containsExactly(
                        "spes[0].settings.version was '3' but must be 1 or 2",
                        "spes[0].settings.window was '1s' but must be at least 2s (two report periods)",
                        "spes[0].settings.wait-strategy was 'spin' but must be one of park, progressive, unknown",
                        "spes[0].discovery.topology was 'a.b' but is not a Storm topology name (no '.', '/', ':' or '\\')"));
    }

    @Test
    void anUnknownSettingIsNamed() {
        assertThatThrownBy(() -> new StormDriverFactory().create(context("settings: {ui: x}")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("spes[0].settings.ui is not a known key");
    }

    @Test
    void withoutAHostTheDriverReadsThisMachinesSeriesAndASetHostWins() throws Exception {
        StormSettings unset = new StormSettings(2, null, null, null, null, null);

        assertThat(StormDriverFactory.withThisMachineByDefault(unset).host())
                .isEqualTo(InetAddress.getLocalHost().getCanonicalHostName());
        assertThat(StormDriverFactory.withThisMachineByDefault(unset.withHost("*")).host()).isEqualTo("*");
    }
}
