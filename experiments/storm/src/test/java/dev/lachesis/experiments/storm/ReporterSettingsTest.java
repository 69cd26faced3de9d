package dev.lachesis.experiments.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.HostPort;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.metrics2.reporters.GraphiteStormReporter;
import org.apache.storm.metrics2.reporters.StormReporter;
import org.junit.jupiter.api.Test;

class ReporterSettingsTest {
    @Test
    void configuresStormsGraphiteReporterEverySecondWithUnsampledCounters() {
        Map<String, Object> settings = ReporterSettings.forGraphite(new HostPort("127.0.0.1", 2003));

        assertThat(settings).containsEntry(Config.TOPOLOGY_STATS_SAMPLE_RATE, 1.0);
        assertThat(settings.get(Config.TOPOLOGY_METRICS_REPORTERS)).isEqualTo(List.of(Map.of(
                "class", GraphiteStormReporter.class.getName(),
                GraphiteStormReporter.GRAPHITE_HOST, "127.0.0.1",
                GraphiteStormReporter.GRAPHITE_PORT, 2003,
                StormReporter.REPORT_PERIOD, 1,
                StormReporter.REPORT_PERIOD_UNITS, "SECONDS")));
    }

    @Test
    void anotherSampleRateIsPassedOnAndAnImpossibleOneRejected() {
        HostPort graphite = new HostPort("127.0.0.1", 2003);

        assertThat(ReporterSettings.forGraphite(graphite, 0.05)).containsEntry(Config.TOPOLOGY_STATS_SAMPLE_RATE, 0.05);
        assertThatThrownBy(() -> ReporterSettings.forGraphite(graphite, 0))
                .hasMessage("sample rate 0.0 is outside (0, 1]");
    }

    @Test
    void parkStrategyParksSpoutsBoltsAndBackPressureWaits() {
        Map<String, Object> settings = WaitStrategy.named("park").topologySettings();

        assertThat(settings).containsEntry(Config.TOPOLOGY_SPOUT_WAIT_STRATEGY, "org.apache.storm.policy.WaitStrategyPark")
                .containsEntry(Config.TOPOLOGY_BOLT_WAIT_STRATEGY, "org.apache.storm.policy.WaitStrategyPark")
                .containsEntry(Config.TOPOLOGY_BACKPRESSURE_WAIT_STRATEGY, "org.apache.storm.policy.WaitStrategyPark");
    }
}
