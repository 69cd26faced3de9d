package dev.lachesis.experiments.run;

import dev.lachesis.sources.kafka.KafkaBroker;
import dev.lachesis.testkit.ChildTempDir;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Linear Road's input for one run: a real single-node Kafka (KRaft) broker in a child JVM on
 * 127.0.0.1, a topic of one partition, and a {@link PositionReportFeeder} writing to it at the run's
 * rate. Started before the query so the query's Kafka source reads from the first report; the
 * broker and the feeder run with this JVM's CPU placement (the harness keeps off the SPE's CPUs), as
 * a broker on another machine would. {@link #close()} stops the feeder, then the broker, and deletes
 * the broker's files. Not thread-safe.
 */
public final class LinearRoadFeed implements AutoCloseable {
    /** The topic the reports go to. */
    public static final String TOPIC = "position-reports";

    private final ChildTempDir dir;
    private final KafkaBroker broker;
    private final PositionReportFeeder feeder;

    private LinearRoadFeed(ChildTempDir dir, KafkaBroker broker, PositionReportFeeder feeder) {
        this.dir = dir;
        this.broker = broker;
        this.feeder = feeder;
    }

    /** Starts the broker, creates the topic and starts feeding {@code recordsPerSecond} reports a second. */
    public static LinearRoadFeed start(double recordsPerSecond) throws IOException, InterruptedException {
        ChildTempDir dir = ChildTempDir.create("lachesis-kafka-");
        KafkaBroker broker = null;
        try {
            broker = KafkaBroker.start(dir.path());
            broker.createTopic(TOPIC, 1);
            return new LinearRoadFeed(dir, broker, PositionReportFeeder.start(broker.bootstrapServers(), TOPIC,
                    recordsPerSecond));
        } catch (ExecutionException e) {
            closeAll(broker, dir);
            throw new IOException("could not create the topic " + TOPIC + ": " + e.getCause().getMessage(), e);
        } catch (IOException | InterruptedException | RuntimeException e) {
            closeAll(broker, dir);
            throw e;
        }
    }

    private static void closeAll(KafkaBroker broker, ChildTempDir dir) {
        try {
            if (broker != null) {
                broker.close();
            }
        } finally {
            dir.close();
        }
    }

    /** The arguments that point a Linear Road query at the topic: {@code --kafka host:port --topic name}. */
    public List<String> queryArguments() {
        return List.of("--kafka", broker.bootstrapServers(), "--topic", TOPIC);
    }

    /** Reports written so far. */
    public long sent() {
        return feeder.sent();
    }

    @Override
    public void close() {
        try {
            feeder.close();
        } finally {
            try {
                broker.close();
            } finally {
                dir.close();
            }
        }
    }
}
