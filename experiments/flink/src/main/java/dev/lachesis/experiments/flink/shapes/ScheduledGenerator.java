package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.experiments.shapes.Chain;
import dev.lachesis.experiments.shapes.FixedRateSchedule;
import dev.lachesis.sources.flink.SourceQueueSize;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;

/**
 * The source of the chain, SYN and random-shape jobs, written as a user writes one: a
 * {@link DataGeneratorSource} whose generator makes record {@code n} of the seeded sequence
 * ({@link Chain#key}) when its fixed-rate schedule says so ({@link FixedRateSchedule}), waiting for
 * that moment when it is early. When Flink stops asking for records (back-pressure, or no CPU for the
 * source's task) it falls behind and catches up later; each record is stamped with the time its
 * schedule named, so end-to-end latency includes that wait. Unless told to publish its backlog it
 * registers no metric of its own, so Lachesis sees no backlog for it; with {@code publishesBacklog} it
 * registers the records due but not yet made as {@value SourceQueueSize#NAME}, as the drop-in
 * sources do. For one subtask: the schedule starts when it opens.
 */
final class ScheduledGenerator implements GeneratorFunction<Long, ShapeRecord> {
    private static final long serialVersionUID = 1L;
    private final double recordsPerSecond;
    private final long seed;
    private final boolean publishesBacklog;
    private transient FixedRateSchedule schedule;
    /** The next record to make; read by the metric reporter's thread for the backlog. */
    private transient AtomicLong next;

    ScheduledGenerator(double recordsPerSecond, long seed) {
        this(recordsPerSecond, seed, false);
    }

    ScheduledGenerator(double recordsPerSecond, long seed, boolean publishesBacklog) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("the rate must be positive, got " + recordsPerSecond);
        }
        this.recordsPerSecond = recordsPerSecond;
        this.seed = seed;
        this.publishesBacklog = publishesBacklog;
    }

    @Override
    public void open(SourceReaderContext readerContext) {
        schedule = new FixedRateSchedule(EpochMicros.now(), recordsPerSecond);
        next = new AtomicLong();
        if (publishesBacklog) {
            SourceQueueSize.register(readerContext.metricGroup(),
                    () -> Math.max(0, schedule.dueBy(EpochMicros.now()) - next.get()));
        }
    }

    @Override
    public ShapeRecord map(Long n) throws InterruptedException {
        long due = schedule.dueAtMicros(n);
        long now = EpochMicros.now();
        while (now < due) {
            LockSupport.parkNanos((due - now) * 1000);
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("stopped waiting for record " + n + " of the schedule");
            }
            now = EpochMicros.now();
        }
        next.set(n + 1);
        long key = Chain.key(seed, n);
        return new ShapeRecord(due, now, key, 0, key);
    }
}
