package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.drivers.storm.StormSeries.Measure;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class Storm2MetricLayoutTest {
    private final Storm2MetricLayout layout = new Storm2MetricLayout("", "*");
    private final List<String> captured = StormFixtures.lines("storm-2.8.3/metric-names-2-workers.txt");

    @Test
    void readsEveryCapturedSeriesTheDriverUses() {
        Map<Measure, Integer> counts = new TreeMap<>();
        captured.forEach(n -> layout.parse(n).ifPresent(s -> counts.merge(s.measure(), 1, Integer::sum)));

        // 2 workers: 9 executors (5 query + 2 __system + 2 __acker) report receive-queue gauges; stream
        // counters exist only once a stream carried a tuple, and Storm's load-aware shuffle kept every
        // tuple of 'light' in its own worker, so heavy task 4 (the other worker) has none
        assertThat(counts).containsEntry(Measure.RECEIVE_QUEUE, 9).containsEntry(Measure.ARRIVAL_RATE, 9)
                .containsEntry(Measure.SOJOURN_MS, 9).containsEntry(Measure.WORKER_TRANSFER_QUEUE, 2)
                .containsEntry(Measure.EXECUTE_COUNT, 3).containsEntry(Measure.EXECUTE_LATENCY_MS, 3)
                .containsEntry(Measure.EMIT_COUNT, 3).containsEntry(Measure.JVM_START, 2);
    }

    @Test
    void eachWorkerNamesItsJvmsStartAndTheDiscoveryGlobFetchesOnlyThatAndItsTransferQueue() {
        String topology = StormFixtures.TOPOLOGY_2_WORKERS;
        String name = "storm.topology." + topology + ".localhost.__system.-1.1027-startTimeSecs";

        assertThat(layout.parse(name)).contains(new StormSeries(topology, "localhost", "__system", -1, 1027,
                Measure.JVM_START, ""));
        Pattern discovery = StormFixtures.glob(layout.discoveryPattern("*"));
        assertThat(captured).filteredOn(n -> discovery.matcher(n).matches()).containsExactlyInAnyOrder(
                "storm.topology." + topology + ".localhost.__system.-1.1024-startTimeSecs", name,
                "storm.worker." + topology + ".localhost.__system.-1.1024-worker-transfer-queue-population",
                "storm.worker." + topology + ".localhost.__system.-1.1027-worker-transfer-queue-population");
    }

    @Test
    void concreteTopologiesBecomeOneGlob() {
        assertThat(StormMetricLayout.topologyGlob(List.of("a-1-2"))).isEqualTo("a-1-2");
        assertThat(StormMetricLayout.topologyGlob(List.of("a-1-2", "b-3-4"))).isEqualTo("{a-1-2,b-3-4}");
    }

    @Test
    void splitsPathsIntoTopologyHostComponentTaskPortAndStream() {
        String topology = StormFixtures.TOPOLOGY_2_WORKERS;
        assertThat(layout.parse("storm.worker." + topology + ".localhost.heavy.3.1024-receive-queue-population"))
                .contains(new StormSeries(topology, "localhost", "heavy", 3, 1024, Measure.RECEIVE_QUEUE, ""));
        assertThat(layout.parse("storm.worker." + topology + ".localhost.__system.-1.1027-worker-transfer-queue-population"))
                .contains(new StormSeries(topology, "localhost", "__system", -1, 1027, Measure.WORKER_TRANSFER_QUEUE, ""));
        assertThat(layout.parse("storm.worker." + topology
                + ".localhost.heavy.default.3.1024-__execute-count-light:default.count"))
                .contains(new StormSeries(topology, "localhost", "heavy", 3, 1024, Measure.EXECUTE_COUNT, "light:default"));
        assertThat(layout.parse("storm.worker." + topology + ".localhost.heavy.default.3.1024-__execute-latency-light:default"))
                .contains(new StormSeries(topology, "localhost", "heavy", 3, 1024, Measure.EXECUTE_LATENCY_MS,
                        "light:default"));
        assertThat(layout.parse("storm.worker." + topology + ".localhost.heavy.default.3.1024-__execute-count-light:default.m1_rate"))
                .isEqualTo(Optional.empty());
    }

    /** Captured from the launcher's spout, which registers the gauge (Storm 2.8.3). */
    @Test
    void aSpoutsOwnQueueGaugeIsReadFromTheTopologyPrefix() {
        String name = "storm.topology.lachesis-pipeline-1-1795435224.localhost.source.6.1027-source-queue-size";

        assertThat(layout.parse(name)).contains(new StormSeries("lachesis-pipeline-1-1795435224", "localhost", "source",
                6, 1027, Measure.SOURCE_QUEUE, ""));
        assertThat(layout.patterns("lachesis-pipeline-*")).anyMatch(p -> StormFixtures.glob(p).matcher(name).matches());
    }

    /**
     * Captured by source-operators' FileReplaySpoutIT (Storm 2.8.3): {@code TopologyContext.registerGauge}
     * names task gauges {@code storm.topology.…}, while Storm's own queue gauges are {@code storm.worker.…}.
     */
    @Test
    void theFileSpoutsQueueGaugeIsReadFromTheTopologyPrefix() {
        String name = "storm.topology.lachesis-src-it-cf1f6267-3-1795435765.localhost.file.2.1027-source-queue-size";

        assertThat(layout.parse(name)).contains(new StormSeries("lachesis-src-it-cf1f6267-3-1795435765", "localhost", "file",
                2, 1027, Measure.SOURCE_QUEUE, ""));
        assertThat(layout.patterns(layout.topologyGlob("lachesis-src-it-cf1f6267")))
                .anyMatch(p -> StormFixtures.glob(p).matcher(name).matches());
    }

    @Test
    void itsGlobsFetchExactlyTheSeriesItReads() {
        List<Pattern> globs = java.util.stream.Stream.concat(
                        layout.patterns(layout.topologyGlob("lachesis-pipeline")).stream(),
                        java.util.stream.Stream.of(layout.discoveryPattern(layout.topologyGlob("lachesis-pipeline"))))
                .map(StormFixtures::glob).toList();

        for (String name : captured) {
            boolean fetched = globs.stream().anyMatch(g -> g.matcher(name).matches());
            assertThat(fetched).as(name).isEqualTo(layout.parse(name).isPresent());
        }
    }

    @Test
    void aPrefixGoesFirst() {
        Storm2MetricLayout prefixed = new Storm2MetricLayout("edge1", "*");
        assertThat(prefixed.patterns("*")).allMatch(p -> p.startsWith("edge1.storm.worker.*.") || p.startsWith("edge1.storm.topology.*."));
        assertThat(prefixed.parse("edge1.storm.worker.t-1-2.h.c.4.6700-receive-queue-population")).isPresent();
        assertThat(prefixed.parse("storm.worker.t-1-2.h.c.4.6700-receive-queue-population")).isEmpty();
    }

    @Test
    void topologyIdsCarryACounterAndASubmissionTime() {
        assertThat(layout.isTopologyNamed(StormFixtures.TOPOLOGY_1_WORKER, "lachesis-pipeline")).isTrue();
        assertThat(layout.isTopologyNamed("lachesis-pipeline-2-1-1795433516", "lachesis-pipeline")).isFalse();
        assertThat(layout.isTopologyNamed(StormFixtures.TOPOLOGY_1_WORKER, "lachesis")).isFalse();
    }

    /** Two Supervisors report the same ports to one Graphite: each daemon fetches its own machine's series only. */
    @Test
    void onlyTheConfiguredHostsSeriesAreFetched() {
        Storm2MetricLayout nodeA = new Storm2MetricLayout("", "node-a.lan");
        List<Pattern> globs = java.util.stream.Stream.concat(nodeA.patterns("etl-1-1").stream(),
                java.util.stream.Stream.of(nodeA.discoveryPattern("etl-1-1"))).map(StormFixtures::glob).toList();

        assertThat(globs).anyMatch(g -> g.matcher("storm.worker.etl-1-1.node-a_lan.split.7.6700-receive-queue-population").matches());
        assertThat(globs).anyMatch(g -> g.matcher("storm.topology.etl-1-1.node-a_lan.__system.-1.6700-startTimeSecs").matches());
        assertThat(globs).noneMatch(g -> g.matcher("storm.worker.etl-1-1.node-b.split.7.6700-receive-queue-population").matches());
        assertThat(globs).noneMatch(g -> g.matcher("storm.topology.etl-1-1.node-b.__system.-1.6700-startTimeSecs").matches());
    }
}
