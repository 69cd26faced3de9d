package dev.lachesis.sources.storm;

import dev.lachesis.sources.metrics.MetricStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;

/** Topology settings the integration tests share: one worker, Storm's Graphite reporter every second. */
final class StormTopologies {
    private StormTopologies() {
    }

    static Config config(MetricStore store, int maxSpoutPending) {
        Map<String, Object> reporter = new HashMap<>();
        reporter.put("class", "org.apache.storm.metrics2.reporters.GraphiteStormReporter");
        reporter.put("graphite.host", store.carbonHost());
        reporter.put("graphite.port", store.carbonPort());
        reporter.put("report.period", 1);
        reporter.put("report.period.units", "SECONDS");
        Config conf = new Config();
        conf.put("topology.metrics.reporters", List.of(reporter));
        conf.setNumWorkers(1);
        conf.setMaxSpoutPending(maxSpoutPending);
        return conf;
    }
}
