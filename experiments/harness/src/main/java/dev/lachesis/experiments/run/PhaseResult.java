package dev.lachesis.experiments.run;

import dev.lachesis.experiments.measure.LatencyHistogram;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The 2023 paper's metrics (§5.1) for one measurement window (a half of the demo, a
 * run of a sweep): throughput at the sink, latency inside
 * the SPE and end-to-end latency, each as mean, median and 99th percentile; and the throughput at
 * the source, the records the query took in. Immutable once built.
 *
 * @param phase the mode's name, as in the paper ({@code OS}, {@code LACHESIS-MOD-RT})
 * @param seconds how long the measurement window was
 * @param latency latency inside the SPE, µs
 * @param endToEnd end-to-end latency, µs
 * @param sourceTuples records the sources emitted into the SPE in the window; empty when they do not
 *     count (or did not in every report of the window)
 */
public record PhaseResult(String phase, double seconds, LatencyHistogram latency, LatencyHistogram endToEnd,
                          OptionalLong sourceTuples) {
    public PhaseResult {
        Objects.requireNonNull(sourceTuples, "sourceTuples");
    }

    /** A window whose sources did not count. */
    public PhaseResult(String phase, double seconds, LatencyHistogram latency, LatencyHistogram endToEnd) {
        this(phase, seconds, latency, endToEnd, OptionalLong.empty());
    }

    /** Tuples per second at the sink over the window, NaN when nothing was measured. */
    public double throughput() {
        return seconds > 0 ? latency.count() / seconds : Double.NaN;
    }

    /** Records per second the sources emitted into the SPE over the window, NaN when they did not count. */
    public double sourceThroughput() {
        return seconds > 0 && sourceTuples.isPresent() ? sourceTuples.getAsLong() / seconds : Double.NaN;
    }

    /** Whether tuples reached the sink in the window. */
    public boolean measured() {
        return latency.count() > 0;
    }
}
