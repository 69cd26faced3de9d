package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigLoader;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.source.FixedMetricSource;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.SpeDriver;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Flink entries of the example policy files in {@code config/} are valid Flink driver settings. */
class ExampleFlinkConfigTest {
    @ParameterizedTest
    @ValueSource(strings = {"flink.yaml", "storm-and-flink.yaml"})
    void everyFlinkEntryCreatesADriver(String file) throws ConfigException {
        LachesisConfig config = ConfigLoader.load(Path.of(System.getProperty("basedir", "."), "..", "config", file));
        int flinkEntries = 0;
        for (int i = 0; i < config.spes().size(); i++) {
            if (!config.spes().get(i).driver().equals(FlinkDriverFactory.NAME)) {
                continue;
            }
            SpeDriver driver = new FlinkDriverFactory().create(new DriverContext(config.spes().get(i).name(),
                    config.speNode(i), FixedMetricSource.of(), pid -> List.of(), Clock.systemUTC()));
            assertThat(driver.toString()).contains("REST http://127.0.0.1:8081/",
                    "task scope " + GraphiteTaskScope.RECOMMENDED);
            flinkEntries++;
        }
        assertThat(flinkEntries).isEqualTo(1);
    }
}
