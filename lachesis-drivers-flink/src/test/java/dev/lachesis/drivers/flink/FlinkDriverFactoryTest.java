package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.metricsource.FixedMetricSource;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.spi.SpeDriverFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlinkDriverFactoryTest {
    private static DriverContext context(String yaml) {
        return new DriverContext("flink", ConfigNode.ofYaml("spes[0]", yaml), List.of(), FixedMetricSource.of(),
                pid -> List.of(), Clock.systemUTC());
    }

    @Test
    void isFoundByServiceLoaderUnderItsName() throws ConfigException {
        Plugins<SpeDriverFactory> drivers = Plugins.load(SpeDriverFactory.class, "driver");

        assertThat(drivers.get("flink", "spes[0].driver")).isInstanceOf(FlinkDriverFactory.class);
    }

    @Test
    void createsADriverFromValidSettings() throws ConfigException {
        String yaml = """
                name: flink
                driver: flink
                settings:
                  rest-url: http://127.0.0.1:18081
                  metrics-from: rest
                  task-scope: flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<task_name>
                """;

        assertThat(new FlinkDriverFactory().create(context(yaml)).toString())
                .isEqualTo("flink driver 'flink' (REST http://127.0.0.1:18081/, metrics from Flink REST http://127.0.0.1:18081/ (window 10s))");
    }

    @Test
    void readsGraphiteOverTheMetricSourcesWindowUnlessItsOwnIsSet() throws ConfigException {
        MetricSource sevenSeconds = new MetricSource() {
            @Override
            public List<Series> query(Collection<String> patterns, Duration window) {
                return List.of();
            }

            @Override
            public Duration defaultWindow() {
                return Duration.ofSeconds(7);
            }

            @Override
            public String describe() {
                return "graphite";
            }
        };
        DriverContext inherits = new DriverContext("flink", ConfigNode.ofYaml("spes[0]", "settings: {}"), List.of(),
                sevenSeconds, pid -> List.of(), Clock.systemUTC());
        DriverContext own = new DriverContext("flink", ConfigNode.ofYaml("spes[0]", "settings: {window: 3s}"), List.of(),
                sevenSeconds, pid -> List.of(), Clock.systemUTC());

        assertThat(new FlinkDriverFactory().create(inherits).toString()).endsWith(
                "metrics from Graphite (graphite, task scope " + GraphiteScope.TASK_DEFAULT + ", operator scope "
                        + GraphiteScope.OPERATOR_DEFAULT + ", window 7s))");
        assertThat(new FlinkDriverFactory().create(own).toString()).endsWith(", window 3s))");
    }

    @Test
    void reportsEveryBadSettingOnItsOwnLine() {
        String yaml = """
                settings:
                  rest-url: ftp://flink:8081
                  task-scope: <host>.<job_name>.<task_name>
                  operator-scope: <host>.<job_id>.<task_name>.<subtask_index>
                  window: 0s
                """;

        assertThatThrownBy(() -> new FlinkDriverFactory().create(context(yaml)))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.problems()).containsExactly(
                        "spes[0].settings.rest-url was 'ftp://flink:8081' but must be an http:// or https:// URL with a host",
                        "spes[0].settings.task-scope was '<host>.<job_name>.<task_name>' but must have <subtask_index> as a node of its own",
                        "spes[0].settings.operator-scope was '<host>.<job_id>.<task_name>.<subtask_index>' but must name the "
                                + "operator with <operator_id> (recommended) or <operator_name>",
                        "spes[0].settings.window was '0ms' but must be positive"));
    }

    @Test
    void rejectsUnknownKeysAndValues() {
        assertThatThrownBy(() -> new FlinkDriverFactory().create(context("settings: {metrics-from: jmx}")))
                .hasMessage("spes[0].settings.metrics-from was 'jmx' but must be one of graphite, rest");
        assertThatThrownBy(() -> new FlinkDriverFactory().create(context("settings: {rest: x}")))
                .hasMessageStartingWith("spes[0].settings.rest is not a known key");
    }
}
