package dev.lachesis.experiments.demo;

import dev.lachesis.experiments.storm.LatencyHistogram;
import dev.lachesis.experiments.storm.SinkReport;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects the sink reports a query JVM prints (one per second) and sums them over a measurement
 * window, so the warm-up can be left out after the fact. Other output lines are passed on.
 * Thread-safe: the child's output reader adds, the demo's thread reads.
 */
final class SinkMeter implements Consumer<String> {
    private static final Logger LOG = LoggerFactory.getLogger(SinkMeter.class);
    private final Consumer<String> otherLines;
    private final List<SinkReport> reports = new ArrayList<>();
    /** Only the output reader's thread touches it. */
    private boolean warned;

    /** @param otherLines receives the lines that are not sink reports */
    SinkMeter(Consumer<String> otherLines) {
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
        }
    }

    /**
     * What arrived at the sink in the reports that ended in (fromEpochMillis, toEpochMillis], as a
     * phase result over that window.
     */
    PhaseResult window(String phase, long fromEpochMillis, long toEpochMillis) {
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram endToEnd = new LatencyHistogram();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        int intervals = 0;
        synchronized (reports) {
            for (SinkReport r : reports) {
                if (r.endEpochMillis() > fromEpochMillis && r.endEpochMillis() <= toEpochMillis) {
                    latency.add(r.latency());
                    endToEnd.add(r.endToEnd());
                    first = Math.min(first, r.endEpochMillis());
                    last = Math.max(last, r.endEpochMillis());
                    intervals++;
                }
            }
        }
        // Each report covers the second before its end time.
        double seconds = intervals == 0 ? 0 : (last - first) / 1000.0 + 1;
        return new PhaseResult(phase, seconds, latency, endToEnd);
    }
}
