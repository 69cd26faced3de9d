package dev.lachesis.experiments.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.HostPort;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.metrics2.filters.RegexFilter;
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
                StormReporter.REPORT_PERIOD_UNITS, "SECONDS",
                "filter", Map.of("class", RegexFilter.class.getName(),
                        "expression", ReporterSettings.WITHOUT_THREAD_STATES))));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theFilterDropsOnlyTheWorkersThreadStateGauges() {
        Map<String, Object> reporter = ((List<Map<String, Object>>) ReporterSettings
                .forGraphite(new HostPort("127.0.0.1", 2003)).get(Config.TOPOLOGY_METRICS_REPORTERS)).get(0);
        RegexFilter filter = new RegexFilter();
        filter.prepare((Map<String, Object>) reporter.get("filter"));
        String topology = "storm.topology.etl-1-1795433516.edge1.";
        String worker = "storm.worker.etl-1-1795433516.edge1.";

        assertThat(List.of(topology + "__system.-1.6700-threads.deadlock.count", topology + "__system.-1.6700-threads.count",
                topology + "__system.-1.6700-threads.runnable.count"))
                .noneMatch(name -> filter.matches(name, null));
        assertThat(List.of(topology + "__system.-1.6700-startTimeSecs", topology + "__system.-1.6700-memory.heap.used",
                worker + "__system.-1.6700-worker-transfer-queue-population",
                worker + "parse.4.6700-receive-queue-population",
                worker + "threads.5.6700-receive-queue-population",
                worker + "parse.default.4.6700-__execute-count-source:default.count",
                topology + "source.3.6700-source-queue-size"))
                .allMatch(name -> filter.matches(name, null));
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
