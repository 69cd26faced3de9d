package dev.lachesis.experiments.run;

import dev.lachesis.experiments.measure.LatencyHistogram;
import dev.lachesis.experiments.measure.SinkReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects the sink reports a query JVM prints (one per second) and sums them over a measurement
 * window, so the warm-up can be left out after the fact. Other output lines are passed on.
 * Thread-safe: the child's output reader adds, the demo's thread reads.
 */
public final class SinkMeter implements Consumer<String> {
    private static final Logger LOG = LoggerFactory.getLogger(SinkMeter.class);
    /** How long one report of the query JVM covers when nothing delays it. */
    private static final long INTERVAL_MILLIS = 1_000;
    private final Consumer<String> otherLines;
    private final List<SinkReport> reports = new ArrayList<>();
    /** Only the output reader's thread touches it. */
    private boolean warned;

    /** @param otherLines receives the lines that are not sink reports */
    public SinkMeter(Consumer<String> otherLines) {
        this.otherLines = otherLines;
    }

    @Override
    public void accept(String line) {
        if (!line.startsWith(SinkReport.PREFIX + " ")) {
            otherLines.accept(line);
            return;
        }
        SinkReport report;
        try {
            report = SinkReport.parse(line);
        } catch (IllegalArgumentException e) {
            // Never throw into the child's output reader: a stopped reader would block the child.
            if (!warned) {
                warned = true;
                LOG.warn("Ignoring sink reports that cannot be read, such as: {}", e.getMessage());
            }
            return;
        }
        synchronized (reports) {
            reports.add(report);
            reports.notifyAll();
        }
    }

    /**
     * What arrived at the sink in the reports that ended in (fromEpochMillis, toEpochMillis], as a
     * phase result over the time those reports cover: from the end of the report before them (or
     * one second before the first, the reporting interval) to the end of the last. The sources'
     * count is the sum over those reports, or empty when one of them carries none.
     */
    public PhaseResult window(String phase, long fromEpochMillis, long toEpochMillis) {
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram endToEnd = new LatencyHistogram();
        long coveredFrom = Long.MIN_VALUE;
        long previousEnd = Long.MIN_VALUE;
        long last = Long.MIN_VALUE;
        long sourceTuples = 0;
        boolean sourcesCounted = true;
        synchronized (reports) {
            for (SinkReport r : reports) {
                long endMillis = r.endEpochMillis();
                if (endMillis > fromEpochMillis && endMillis <= toEpochMillis) {
                    if (coveredFrom == Long.MIN_VALUE) {
                        coveredFrom = previousEnd != Long.MIN_VALUE ? previousEnd : endMillis - INTERVAL_MILLIS;
                    }
                    latency.add(r.latency());
                    endToEnd.add(r.endToEnd());
                    sourcesCounted &= r.sourceTuples().isPresent();
                    sourceTuples += r.sourceTuples().orElse(0);
                    last = endMillis;
                }
                previousEnd = endMillis;
            }
        }
        double seconds = coveredFrom == Long.MIN_VALUE ? 0 : (last - coveredFrom) / 1000.0;
        return new PhaseResult(phase, seconds, latency, endToEnd,
                sourcesCounted && last != Long.MIN_VALUE ? OptionalLong.of(sourceTuples) : OptionalLong.empty());
    }

    /**
     * How fast the median end-to-end latency grew over the window (fromEpochMillis, toEpochMillis]:
     * the median of its second half minus that of its first half, over the time between the halves'
     * middles. End-to-end latency includes a record's wait in front of the SPE, so this is, in
     * seconds per second, the share of the input rate by which that backlog grows (a query that
     * processes 97% of its input shows 0.03) and negative while a backlog drains; NaN when a half
     * saw no tuples.
     */
    public double endToEndGrowth(long fromEpochMillis, long toEpochMillis) {
        long middle = fromEpochMillis + (toEpochMillis - fromEpochMillis) / 2;
        PhaseResult first = window("first half", fromEpochMillis, middle);
        PhaseResult second = window("second half", middle, toEpochMillis);
        if (!first.measured() || !second.measured()) {
            return Double.NaN;
        }
        double apartSeconds = (first.seconds() + second.seconds()) / 2;
        double grownMicros = second.endToEnd().quantileMicros(0.5) - first.endToEnd().quantileMicros(0.5);
        return grownMicros / 1e6 / apartSeconds;
    }

    /** Every report that arrived, oldest first. */
    public List<SinkReport> reports() {
        synchronized (reports) {
            return List.copyOf(reports);
        }
    }

    /**
     * How much the throughput at the source changed from the first half of the window
     * (fromEpochMillis, toEpochMillis] to its second half, as a share of the first: 0 for a steady
     * intake. Beyond saturation the source emits faster than the query processes while the SPE's
     * queues fill after start-up, and slows to the query's pace once they are full, so a large fall
     * says the window began before the query was steady. NaN when the sources do not count or a half
     * saw nothing emitted.
     */
    public double sourceHalfChange(long fromEpochMillis, long toEpochMillis) {
        long middle = fromEpochMillis + (toEpochMillis - fromEpochMillis) / 2;
        double first = window("first half", fromEpochMillis, middle).sourceThroughput();
        double second = window("second half", middle, toEpochMillis).sourceThroughput();
        return first > 0 ? (second - first) / first : Double.NaN;
    }

    /**
     * Waits until a report ending after {@code epochMillis} has arrived, so a window ending then is
     * complete; gives up after {@code timeout} (the child may be gone).
     *
     * @return whether such a report arrived
     */
    public boolean awaitReportAfter(long epochMillis, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (reports) {
            while (reports.isEmpty() || reports.get(reports.size() - 1).endEpochMillis() <= epochMillis) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                reports.wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }
}
