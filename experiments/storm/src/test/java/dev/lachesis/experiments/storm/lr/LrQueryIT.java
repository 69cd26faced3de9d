package dev.lachesis.experiments.storm.lr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.lr.LinearRoadInput;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.storm.StormQueryCheck;
import dev.lachesis.sources.kafka.KafkaBroker;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Linear Road query on a real Storm 2.8 {@code LocalCluster} in a child JVM ({@link StormQueryCheck}),
 * reading stamped position reports from a real KRaft broker in a child JVM through the Kafka spout:
 * the sink receives exactly one toll notification per segment a vehicle enters (the reports end
 * before the generator's first accident, so no alert), the spout counts every report, and the Storm
 * driver maps the nine operators, the query's data flow (the edges tuples crossed) and the spout's
 * {@code source-queue-size}.
 */
class LrQueryIT {
    private static final String TOPIC = "position-reports";

    @TempDir
    Path dir;

    @Test
    void everySegmentEntryGetsItsTollNotificationAndTheDriverMapsTheNineOperators() throws Exception {
        LinearRoadInput input = LinearRoadInput.beforeFirstAccident();
        try (KafkaBroker broker = KafkaBroker.start(dir)) {
            broker.createTopic(TOPIC, 1);
            broker.produce(TOPIC, input.size(), input::value);

            // The driver maps an edge once tuples cross it: before the first accident, none leave
            // accident-detection, so none reach accident-notification's sink edge either.
            StormQueryCheck.runAndCheck(StormQuery.LR, "lachesis-it-lr",
                    List.of("--kafka", broker.bootstrapServers(), "--topic", TOPIC),
                    Map.of("source", Set.of("dispatcher"),
                            "dispatcher", Set.of("average-speed", "count-vehicles", "accident-detection",
                                    "toll-notification", "accident-notification"),
                            "average-speed", Set.of("last-average-speed"),
                            "last-average-speed", Set.of("toll-notification"),
                            "count-vehicles", Set.of("toll-notification"),
                            "accident-detection", Set.of(),
                            "toll-notification", Set.of("sink"), "accident-notification", Set.of(),
                            "sink", Set.of()),
                    LrTopology.COMPONENTS, reports -> {
                        assertThat(reports.stream().mapToLong(SinkReport::tuples).sum()).isEqualTo(input.segmentEntries());
                        assertThat(reports.stream().mapToLong(r -> r.sourceTuples().orElseThrow()).sum())
                                .isEqualTo(input.size());
                    });
        }
    }
}
