package dev.lachesis.core.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigLoader;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.testing.FakePlugins;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The example files in {@code config/} must bind without a single unknown key or wrong type; the
 * only problems core can see in them are the plug-in names other modules provide.
 */
class ExampleConfigTest {
    static Stream<Path> examples() throws IOException {
        Path dir = Path.of(System.getProperty("basedir", "."), "..", "config");
        List<Path> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString())
                .contains("storm.yaml", "flink.yaml", "storm-and-flink.yaml");
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void bindsAndOnlyNamesPlugInsFromOtherModules(Path file) throws ConfigException {
        LachesisConfig config = ConfigLoader.load(file);

        List<String> problems = new ConfigValidator(FakePlugins.registry()).problems(config);

        assertThat(problems).isNotEmpty().allMatch(
                p -> p.matches(".* was '[a-z-]+' but no (driver|policy|translator|metric source) has that name .*"));
    }
}
