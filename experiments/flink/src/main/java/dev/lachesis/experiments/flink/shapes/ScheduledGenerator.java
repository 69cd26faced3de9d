package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.experiments.shapes.Chain;
import dev.lachesis.experiments.shapes.FixedRateSchedule;
import java.util.concurrent.locks.LockSupport;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;

/**
 * The source of the chain and SYN jobs, written as a user writes one: a {@link DataGeneratorSource} whose
 * generator makes record {@code n} of the seeded sequence ({@link Chain#key}) when its fixed-rate
 * schedule says so ({@link FixedRateSchedule}), waiting for that moment when it is early. When Flink
 * stops asking for records (back-pressure, or no CPU for the source's task) it falls behind and
 * catches up later; each record is stamped with the time its schedule named, so end-to-end latency
 * includes that wait. It registers no metric of its own: Lachesis sees no backlog for it. For one
 * subtask: the schedule starts when it opens.
 */
final class ScheduledGenerator implements GeneratorFunction<Long, ShapeRecord> {
    private static final long serialVersionUID = 1L;
    private final double recordsPerSecond;
    private final long seed;
    private transient FixedRateSchedule schedule;

    ScheduledGenerator(double recordsPerSecond, long seed) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("the rate must be positive, got " + recordsPerSecond);
        }
        this.recordsPerSecond = recordsPerSecond;
        this.seed = seed;
    }

    @Override
    public void open(SourceReaderContext readerContext) {
        schedule = new FixedRateSchedule(EpochMicros.now(), recordsPerSecond);
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
        long key = Chain.key(seed, n);
        return new ShapeRecord(due, now, key, 0, key);
    }
}
