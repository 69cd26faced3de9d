package dev.lachesis.experiments.stats;

import java.nio.charset.StandardCharsets;

/**
 * RIoTBench STATS's approximate distinct count: Durand and Flajolet's LogLog over
 * {@code 2^bucketBits} buckets. Each item's 64-bit hash picks a bucket with its first bits and
 * offers the position of the first one bit in the rest; the estimate is
 * {@code α · m · 2^(mean of the buckets' highest positions)}. Memory stays one byte per bucket
 * whatever the number of items. Not thread-safe: one per executor.
 */
public final class DistinctCounter {
    /** LogLog's bias correction for many buckets (α∞ in Durand and Flajolet, 2003). */
    static final double ALPHA = 0.39701;

    private final int bucketBits;
    private final byte[] highest;

    /** @param bucketBits log2 of the number of buckets, 4 to 16 */
    public DistinctCounter(int bucketBits) {
        if (bucketBits < 4 || bucketBits > 16) {
            throw new IllegalArgumentException("bucket bits must be 4 to 16, got " + bucketBits);
        }
        this.bucketBits = bucketBits;
        this.highest = new byte[1 << bucketBits];
    }

    /** Counts {@code item} and returns the estimate of distinct items so far. */
    public double add(String item) {
        long hash = hash(item);
        int bucket = (int) (hash >>> (64 - bucketBits));
        long rest = hash << bucketBits;
        int rank = Math.min(Long.numberOfLeadingZeros(rest), 64 - bucketBits) + 1;
        if (rank > highest[bucket]) {
            highest[bucket] = (byte) rank;
        }
        return estimate();
    }

    /** The estimate of distinct items so far. */
    public double estimate() {
        double sum = 0;
        for (byte rank : highest) {
            sum += rank;
        }
        return ALPHA * highest.length * Math.pow(2, sum / highest.length);
    }

    /** FNV-1a over the UTF-8 bytes, then MurmurHash3's 64-bit finaliser to spread the bits. */
    static long hash(String item) {
        long h = 0xcbf29ce484222325L;
        for (byte b : item.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
