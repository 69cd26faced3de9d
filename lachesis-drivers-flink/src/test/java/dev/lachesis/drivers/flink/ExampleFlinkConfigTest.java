package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigLoader;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.metricsource.FixedMetricSource;
import dev.lachesis.core.spi.DriverContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every Flink entry of the example policy files in {@code config/} is a valid Flink driver configuration. */
class ExampleFlinkConfigTest {
    @Test
    void everyFlinkEntryOfEveryExampleCreatesADriver() throws IOException, ConfigException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(Path.of(System.getProperty("basedir", "."), "..", "config"))) {
            files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        List<String> withFlink = new ArrayList<>();
        for (Path file : files) {
            LachesisConfig config = ConfigLoader.load(file);
            for (int i = 0; i < config.spes().size(); i++) {
                if (!config.spes().get(i).driver().equals(FlinkDriverFactory.NAME)) {
                    continue;
                }
                String driver = new FlinkDriverFactory().create(new DriverContext(config.spes().get(i).name(),
                        config.speNode(i), config.spes().get(i).pids(), FixedMetricSource.of(), pid -> List.of(),
                        Clock.systemUTC())).toString();
                assertThat(driver).as(file.toString()).contains("REST http://127.0.0.1:8081/",
                        "task scope " + GraphiteScope.TASK_RECOMMENDED, "operator scope " + GraphiteScope.OPERATOR_RECOMMENDED);
                withFlink.add(file.getFileName().toString());
            }
        }
        assertThat(withFlink).contains("flink.yaml", "storm-and-flink.yaml");
    }
}
