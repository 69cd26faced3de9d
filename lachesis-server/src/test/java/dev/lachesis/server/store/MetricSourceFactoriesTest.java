package dev.lachesis.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.core.metricsource.graphite.GraphiteMetricSource;
import dev.lachesis.core.metricsource.graphite.GraphiteSourceConfig;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Plugins;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Both sources are found by name and built from the {@code metrics} section, or rejected in one line per problem. */
class MetricSourceFactoriesTest {
    private static final Plugins<MetricSourceFactory> FACTORIES = Plugins.load(MetricSourceFactory.class, "metric source");

    private static MetricSource create(String yaml) throws ConfigException {
        ConfigNode node = ConfigNode.ofYaml("metrics", yaml);
        return FACTORIES.get(node.json().path("source").asText(), "metrics.source").create(node);
    }

    @Test
    void bothSourcesAreFoundByName() {
        assertThat(FACTORIES.names()).contains("graphite", "embedded");
    }

    @Test
    void graphiteFromTheMetricsSection() throws Exception {
        try (MetricSource source = create("""
                source: graphite
                url: http://127.0.0.1:8080/
                window: 5s
                read-timeout: 500ms
                """)) {
            assertThat(source).isInstanceOf(GraphiteMetricSource.class);
            assertThat(source.describe()).isEqualTo("http://127.0.0.1:8080");
            assertThat(source.defaultWindow()).isEqualTo(Duration.ofSeconds(5));
        }
    }

    @Test
    void graphiteReadsAnswersUpToMaxResponse() throws Exception {
        assertThat(GraphiteSourceConfig.bind(ConfigNode.ofYaml("metrics", "max-response: 512KiB")).maxResponse())
                .isEqualTo(ByteSize.kib(512));
        assertThat(GraphiteSourceConfig.bind(ConfigNode.ofYaml("metrics", "url: http://a:1")).maxResponse())
                .as("default").isEqualTo(ByteSize.mib(8));
    }

    @Test
    void graphiteDefaultsToTenSecondsOnLocalhost() throws Exception {
        try (MetricSource source = create("source: graphite")) {
            assertThat(source.describe()).isEqualTo("http://127.0.0.1:8080");
            assertThat(source.defaultWindow()).isEqualTo(Duration.ofSeconds(10));
        }
    }

    @Test
    void graphiteReportsEveryBadValueAtOnce() {
        assertThatThrownBy(() -> create("""
                source: graphite
                url: ftp://metrics
                window: 500ms
                connect-timeout: 0s
                max-response: 1KiB
                """)).isInstanceOf(ConfigException.class).hasMessage(String.join(System.lineSeparator(),
                "metrics.url was 'ftp://metrics' but must be an http:// or https:// URL such as http://127.0.0.1:8080",
                "metrics.window was '500ms' but must be at least 1s",
                "metrics.connect-timeout was '0ms' but must be at least 10ms",
                "metrics.max-response was '1KiB' but must be at least 64KiB"));
        ByteSize largest = GraphiteSourceConfig.largestMaxResponse();
        assertThatThrownBy(() -> create("source: graphite\nmax-response: " + (largest.bytes() + 1)))
                .hasMessage("metrics.max-response was '" + new ByteSize(largest.bytes() + 1) + "' but must be at most "
                        + largest + ", a quarter of the daemon's heap; give it more heap first (-Xmx in LACHESIS_JAVA_OPTS)");
        assertThatThrownBy(() -> create("source: graphite\nmax-response: 8MB"))
                .hasMessage("metrics.max-response was '8MB' but must be a size such as 512KiB, 8MiB, 1GiB (binary units)"
                        + " or a number of bytes");
        assertThatThrownBy(() -> create("source: graphite\nurl: http://127.0.0.1:8080/render"))
                .hasMessage("metrics.url was 'http://127.0.0.1:8080/render' but must be graphite-web's base URL, without /render");
        assertThatThrownBy(() -> create("source: graphite\nsettings: {carbon-port: 1}"))
                .hasMessageStartingWith("metrics.settings is not a known key");
    }

    @Test
    void embeddedStartsItsListenersFromTheSettings() throws Exception {
        try (MetricSource source = create("""
                source: embedded
                window: 5s
                settings:
                  carbon-port: 0
                  http-port: 0
                  max-series: 100
                """)) {
            EmbeddedMetricSource embedded = (EmbeddedMetricSource) source;
            assertThat(embedded.carbonPort()).isPositive();
            assertThat(embedded.httpPort()).isPositive().isNotEqualTo(embedded.carbonPort());
            assertThat(embedded.store().maxSeries()).isEqualTo(100);
            assertThat(embedded.defaultWindow()).isEqualTo(Duration.ofSeconds(5));
            assertThat(source.describe()).isEqualTo("embedded (carbon 127.0.0.1:" + embedded.carbonPort()
                    + ", http://127.0.0.1:" + embedded.httpPort() + ")");
        }
    }

    @Test
    void embeddedReportsEveryBadValueAtOnce() {
        assertThatThrownBy(() -> create("""
                source: embedded
                window: 30s
                settings:
                  bind-address: localhost
                  carbon-port: 70000
                  http-port: -1
                  max-series: 0
                  retention: 10s
                """)).isInstanceOf(ConfigException.class).hasMessage(String.join(System.lineSeparator(),
                "metrics.settings.bind-address was 'localhost' but must be an IP address such as 127.0.0.1",
                "metrics.settings.carbon-port was '70000' but must be a port from 0 (any free port) to 65535",
                "metrics.settings.http-port was '-1' but must be a port from 0 (any free port) to 65535",
                "metrics.settings.max-series was '0' but must be between 1 and 1000000",
                "metrics.settings.retention was '10s' but must be whole seconds from 30s (the window) to 1h"));
        assertThatThrownBy(() -> create("source: embedded\nurl: http://127.0.0.1:8080"))
                .hasMessageStartingWith("metrics.url is not a known key");
        assertThatThrownBy(() -> create("source: embedded\nmax-response: 1MiB"))
                .hasMessageStartingWith("metrics.max-response is not a known key");
    }
}
