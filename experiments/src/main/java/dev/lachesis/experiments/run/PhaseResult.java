package dev.lachesis.experiments.run;

import dev.lachesis.experiments.measure.LatencyHistogram;

/**
 * The 2023 paper's metrics (§5.1) for one measurement window (a half of the demo, a
 * run of a sweep): throughput at the sink, latency inside
 * the SPE and end-to-end latency, each as mean, median and 99th percentile. Immutable once built.
 *
 * @param phase the mode's name, as in the paper ({@code OS}, {@code LACHESIS-MOD-RT})
 * @param seconds how long the measurement window was
 * @param latency latency inside the SPE, µs
 * @param endToEnd end-to-end latency, µs
 */
public record PhaseResult(String phase, double seconds, LatencyHistogram latency, LatencyHistogram endToEnd) {
    /** Tuples per second at the sink over the window, NaN when nothing was measured. */
    public double throughput() {
        return seconds > 0 ? latency.count() / seconds : Double.NaN;
    }

    /** Whether tuples reached the sink in the window. */
    public boolean measured() {
        return latency.count() > 0;
    }
}
