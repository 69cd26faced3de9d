package dev.lachesis.experiments.run;

import dev.lachesis.experiments.lr.PositionReportGenerator;
import dev.lachesis.experiments.lr.StampedReport;
import dev.lachesis.experiments.measure.EpochMicros;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the standard fleet's position reports into a Kafka topic at a fixed rate, each stamped with
 * the time it was written ({@link StampedReport}): Linear Road's input, produced the way a road
 * side system would, whether the query keeps up or not (what it does not read waits in Kafka). Runs
 * on a thread of its own ({@value #THREAD}) until closed; a send Kafka refuses is counted and logged
 * once. Thread-safe.
 */
public final class PositionReportFeeder implements AutoCloseable {
    /** The feeding thread's name. */
    public static final String THREAD = "lachesis-lr-feeder";
    private static final Logger LOG = LoggerFactory.getLogger(PositionReportFeeder.class);
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** Below this share of the asked rate the feed warns that it fell short. */
    private static final double SHORTFALL = 0.98;

    private final KafkaProducer<String, String> producer;
    private final String topic;
    private final double recordsPerSecond;
    private final Thread thread;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicBoolean warned = new AtomicBoolean();
    private final long startNanos;
    private volatile boolean stopping;

    private PositionReportFeeder(String bootstrapServers, String topic, double recordsPerSecond) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "1");
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        this.producer = new KafkaProducer<>(props);
        this.topic = topic;
        this.recordsPerSecond = recordsPerSecond;
        this.thread = new Thread(this::feed, THREAD);
        this.thread.setDaemon(true);
        this.startNanos = System.nanoTime();
    }

    /**
     * Starts writing {@code recordsPerSecond} reports a second to {@code topic}.
     *
     * @throws IllegalArgumentException when the rate is not positive
     */
    public static PositionReportFeeder start(String bootstrapServers, String topic, double recordsPerSecond) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("the feed rate was " + recordsPerSecond + " but must be positive");
        }
        PositionReportFeeder feeder = new PositionReportFeeder(bootstrapServers, topic, recordsPerSecond);
        feeder.thread.start();
        return feeder;
    }

    /** Reports handed to Kafka so far. */
    public long sent() {
        return sent.get();
    }

    /** Reports Kafka refused so far. */
    public long failed() {
        return failed.get();
    }

    private void feed() {
        PositionReportGenerator reports = new PositionReportGenerator(PositionReportGenerator.STANDARD_SEED,
                PositionReportGenerator.STANDARD_VEHICLES);
        while (!stopping) {
            long due = (long) ((System.nanoTime() - startNanos) * recordsPerSecond / 1e9);
            while (sent.get() < due && !stopping) {
                String value = new StampedReport(EpochMicros.now(), reports.next()).value();
                producer.send(new ProducerRecord<>(topic, value), (metadata, e) -> {
                    if (e != null) {
                        failed.incrementAndGet();
                        if (warned.compareAndSet(false, true)) {
                            LOG.warn("Kafka refused a position report for {}: {}", topic, e.toString());
                        }
                    }
                });
                sent.incrementAndGet();
            }
            LockSupport.parkNanos(TICK_NANOS);
        }
    }

    /**
     * Stops feeding, closes the producer (sending what it still holds) and logs the rate the feed
     * kept, so a run whose input fell short of its rate says so.
     */
    @Override
    public void close() {
        stopping = true;
        long stoppedNanos = System.nanoTime();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(Duration.ofSeconds(10));
        logKeptRate(stoppedNanos);
    }

    private void logKeptRate(long stoppedNanos) {
        double seconds = (stoppedNanos - startNanos) / 1e9;
        if (seconds <= 0) {
            return;
        }
        double kept = sent.get() / seconds;
        if (kept < SHORTFALL * recordsPerSecond) {
            LOG.warn("the position-report feed kept {} reports/s of the {} asked for ({} reports in {} s, {} refused)",
                    Math.round(kept), Math.round(recordsPerSecond), sent.get(), Math.round(seconds), failed.get());
        } else {
            LOG.info("the position-report feed kept {} reports/s ({} reports in {} s, {} refused)",
                    Math.round(kept), sent.get(), Math.round(seconds), failed.get());
        }
    }
}
