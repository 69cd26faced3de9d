package dev.lachesis.experiments.stats;

import java.util.HashMap;
import java.util.Map;

/**
 * RIoTBench STATS's Kalman filter: a one-dimensional filter per series that smooths noisy readings
 * of a value assumed constant between readings. The first reading of a series is its first estimate
 * (with error {@code initialError}); each later one moves the estimate toward it by the Kalman gain.
 * Not thread-safe: one per executor, fed by a fields grouping on the sensor.
 */
public final class KalmanFilter {
    /** RIoTBench's process noise (its {@code q_processNoise} default). */
    public static final double PROCESS_NOISE = 0.125;
    /** RIoTBench's sensor noise (its {@code r_sensorNoise} default). */
    public static final double SENSOR_NOISE = 0.32;
    /** The estimate's error after the first reading. */
    public static final double INITIAL_ERROR = 1.0;

    private record State(double estimate, double error) {
    }

    private final double processNoise;
    private final double sensorNoise;
    private final Map<String, State> states = new HashMap<>();

    /** A filter with RIoTBench's noise settings. */
    public KalmanFilter() {
        this(PROCESS_NOISE, SENSOR_NOISE);
    }

    /** A filter assuming process noise {@code q} and sensor noise {@code r}, both positive. */
    public KalmanFilter(double processNoise, double sensorNoise) {
        if (!(processNoise > 0 && sensorNoise > 0)) {
            throw new IllegalArgumentException("noise variances must be positive, got q=" + processNoise
                    + " r=" + sensorNoise);
        }
        this.processNoise = processNoise;
        this.sensorNoise = sensorNoise;
    }

    /** The estimate of {@code series} after the reading {@code measured}. */
    public double update(String series, double measured) {
        State previous = states.get(series);
        State next;
        if (previous == null) {
            next = new State(measured, INITIAL_ERROR);
        } else {
            double priorError = previous.error() + processNoise;
            double gain = priorError / (priorError + sensorNoise);
            next = new State(previous.estimate() + gain * (measured - previous.estimate()), (1 - gain) * priorError);
        }
        states.put(series, next);
        return next.estimate();
    }
}
