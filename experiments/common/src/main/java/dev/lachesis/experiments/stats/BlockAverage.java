package dev.lachesis.experiments.stats;

import java.util.HashMap;
import java.util.Map;

/**
 * RIoTBench STATS's block-window average: per series (a sensor's field), the mean of each block of
 * {@code blockSize} consecutive values, given once the block is full; the next block starts empty.
 * Not thread-safe: one per executor, fed by a fields grouping on the sensor.
 */
public final class BlockAverage {
    private final int blockSize;
    private final Map<String, double[]> sumAndCount = new HashMap<>();

    /** @param blockSize values per block, at least 1 */
    public BlockAverage(int blockSize) {
        if (blockSize < 1) {
            throw new IllegalArgumentException("a block needs at least one value, got " + blockSize);
        }
        this.blockSize = blockSize;
    }

    /** Adds {@code value} to {@code series}' block: the block's mean when this value fills it, else NaN. */
    public double add(String series, double value) {
        double[] block = sumAndCount.computeIfAbsent(series, s -> new double[2]);
        block[0] += value;
        block[1]++;
        if (block[1] < blockSize) {
            return Double.NaN;
        }
        double mean = block[0] / block[1];
        block[0] = 0;
        block[1] = 0;
        return mean;
    }
}
