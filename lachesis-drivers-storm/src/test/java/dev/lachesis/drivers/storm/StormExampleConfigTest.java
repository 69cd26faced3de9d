package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigLoader;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.spi.DriverContext;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Storm entry of {@code config/storm.yaml} creates a Storm driver with the settings it documents. */
class StormExampleConfigTest {
    @Test
    void theExampleCreatesAStormDriver() throws Exception {
        LachesisConfig config = ConfigLoader.load(Path.of(System.getProperty("basedir", "."), "..", "config",
                "storm.yaml"));

        var driver = new StormDriverFactory().create(new DriverContext("storm", config.speNode(0),
                config.spes().get(0).pids(), new StormFixtures.FixedMetricSource(List.of()), pid -> List.of(),
                Clock.systemUTC()));

        assertThat(driver.providedMetrics()).contains("input-queue-size", "source-queue-size");
    }
}
