package dev.lachesis.sources.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.metrics.MetricPoint;
import dev.lachesis.sources.metrics.MetricStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.topology.TopologyBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The file spout on a real in-process Storm 2.8 cluster reporting to Graphite (or a carbon listener). */
class FileReplaySpoutIT {
    private static final Logger LOG = LoggerFactory.getLogger(FileReplaySpoutIT.class);
    private static final int RATE = 100;
    private static final int MAX_SPOUT_PENDING = 20;

    private static LocalCluster cluster;
    private static MetricStore store;

    @TempDir
    Path dir;

    @BeforeAll
    static void startCluster() throws Exception {
        store = MetricStore.open();
        LOG.info("Reading metrics from {}", store.describe());
        cluster = new LocalCluster();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        if (store != null) {
            store.close();
        }
    }

    @Test
    void backlogGrowsAsTheConsumerIsHeldBackAndDrainsToZero() throws Exception {
        int lines = 2_000;
        String name = "lachesis-src-it-" + UUID.randomUUID().toString().substring(0, 8);
        GatedBolt.reset(true);
        CountingFileSpout.reset();
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("file", new CountingFileSpout(FileReplaySettings.of(file(lines)).withRate(RATE).withCapacity(50)));
        builder.setBolt("slow", new GatedBolt()).shuffleGrouping("file");
        cluster.submitTopology(name, StormTopologies.config(store, MAX_SPOUT_PENDING), builder.createTopology());
        String glob = "storm.topology." + name + "-*.*.file.*.*-" + SourceQueueSize.NAME;
        try {
            // Held back: the spout emits max.spout.pending tuples, then everything due waits in it.
            await().atMost(Duration.ofSeconds(90)).until(() -> points(glob).size() >= 4
                    && CountingFileSpout.EMITTED.get() == MAX_SPOUT_PENDING && GatedBolt.FIRST_PRODUCED_AT.get() < 0
                    && last(points(glob)).value() > 2 * RATE);
            List<MetricPoint> held = points(glob);
            LOG.info("source-queue-size series {}: {}", held.get(0).path(),
                    held.stream().map(p -> (long) p.value()).toList());
            assertThat(held.stream().map(MetricPoint::path).distinct()).hasSize(1);
            assertThat(held).extracting(MetricPoint::value).isSortedAccordingTo(Comparator.naturalOrder());
            // The reader thread carries the task id that the metric path and Storm's executor threads carry.
            String[] segments = held.get(0).path().split("\\.");
            String taskId = segments[segments.length - 2];
            assertThat(threadNames()).contains("lachesis-source-reader-file-" + taskId);
            long gateOpenedMicros = System.currentTimeMillis() * 1000;
            GatedBolt.gate.countDown();
            await().until(() -> GatedBolt.FIRST_PRODUCED_AT.get() > 0);
            long firstProducedAt = GatedBolt.FIRST_PRODUCED_AT.get();
            // Ingestion time: when the spout emitted the tuple, after it was produced and (held back by the
            // closed gate) before the bolt could take it.
            assertThat(GatedBolt.FIRST_EMITTED_AT.get()).isBetween(firstProducedAt * 1000, gateOpenedMicros);
            for (MetricPoint point : held.subList(1, held.size())) {
                // Produced by the start of the point's second and by the end of the next, minus the emitted
                // tuples: the reporter stamps a report with the second it starts in and reads the gauges while
                // it sends them, which took over a second when other builds loaded this 2-core machine.
                long producedBefore = (point.epochSeconds() * 1000 - firstProducedAt) * RATE / 1000 + 1;
                long producedAfter = producedBefore + 2 * RATE;
                assertThat((long) point.value()).as("%s at %d", point.path(), point.epochSeconds())
                        .isBetween(producedBefore - MAX_SPOUT_PENDING - RATE, producedAfter - MAX_SPOUT_PENDING);
            }

            await().atMost(Duration.ofSeconds(90)).until(() -> GatedBolt.RECEIVED.get() == lines);
            await().atMost(Duration.ofSeconds(30)).until(() -> last(points(glob)).value() == 0
                    && last(points(glob)).epochSeconds() * 1000 > System.currentTimeMillis() - 5_000);
            assertThat(CountingFileSpout.EMITTED.get()).isEqualTo(lines);
        } finally {
            GatedBolt.gate.countDown();
            killAndWait(name);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> threadNames().stream()
                .noneMatch(n -> n.startsWith("lachesis-source-reader-")));
    }

    private static List<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).toList();
    }

    @Test
    void nothingIsLostThroughARestartOfTheTopology() throws Exception {
        int lines = 3_000;
        Path progress = dir.resolve("progress");
        FileReplaySettings settings = FileReplaySettings.of(file(lines)).withRate(500).withCapacity(100)
                .withProgressIn(progress);
        GatedBolt.reset(false);
        CountingFileSpout.reset();

        String first = run(settings);
        await().atMost(Duration.ofSeconds(90)).until(() -> CountingFileSpout.ACKED.get() >= lines / 3);
        killAndWait(first);
        long ackedBefore = CountingFileSpout.ACKED.get();
        long emittedBefore = CountingFileSpout.EMITTED.get();
        assertThat(ackedBefore).isLessThan(lines);

        String second = run(settings);
        try {
            await().atMost(Duration.ofSeconds(90)).until(() -> GatedBolt.SEEN.size() == lines);
        } finally {
            killAndWait(second);
        }
        long emitted = CountingFileSpout.EMITTED.get();
        long acked = CountingFileSpout.ACKED.get();
        LOG.info("Lines {}, first run emitted {} acked {}, both runs emitted {} acked {}", lines, emittedBefore,
                ackedBefore, emitted, acked);
        assertThat(GatedBolt.SEEN).containsAll(lines(lines));
        assertThat(acked).isGreaterThanOrEqualTo(lines);
        // At-least-once: only what was emitted but not recorded as acknowledged before the kill comes again.
        assertThat(emitted - lines).isLessThanOrEqualTo(emittedBefore - ackedBefore + 500 + 100);
    }

    private String run(FileReplaySettings settings) throws Exception {
        String name = "lachesis-src-restart-" + UUID.randomUUID().toString().substring(0, 8);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("file", new CountingFileSpout(settings));
        builder.setBolt("sink", new GatedBolt(), 2).shuffleGrouping("file");
        cluster.submitTopology(name, StormTopologies.config(store, 200), builder.createTopology());
        return name;
    }

    private static void killAndWait(String name) throws Exception {
        KillOptions options = new KillOptions();
        options.set_wait_secs(0);
        cluster.killTopologyWithOpts(name, options);
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getTopologySummaries().stream()
                .noneMatch(t -> t.get_name().equals(name)));
    }

    private static List<MetricPoint> points(String glob) throws IOException, InterruptedException {
        return store.points(glob);
    }

    private static MetricPoint last(List<MetricPoint> points) {
        return points.isEmpty() ? new MetricPoint("", -1, 0) : points.get(points.size() - 1);
    }

    private Path file(int lines) throws IOException {
        Path file = dir.resolve("records.txt");
        Files.writeString(file, lines(lines).stream().map(l -> l + "\n").collect(Collectors.joining()));
        return file;
    }

    private static List<String> lines(int count) {
        return IntStream.range(0, count).mapToObj(i -> "record-" + i).toList();
    }
}
