package dev.lachesis.experiments.etl;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;

/**
 * A Bloom filter of strings: says "maybe seen" for every string added and, with a false-positive
 * probability set by its size, for some others. Bits and hash count follow the textbook optimum for
 * an expected count and false-positive rate; the k indexes come from two 64-bit FNV-1a-style hashes
 * combined (Kirsch–Mitzenmacher double hashing). Not thread-safe.
 */
final class BloomFilter {
    private final BitSet bits;
    private final int size;
    private final int hashes;

    /**
     * @param expected how many strings it is sized for, positive
     * @param falsePositiveRate the rate at that count, in (0, 1)
     */
    BloomFilter(int expected, double falsePositiveRate) {
        if (expected < 1 || !(falsePositiveRate > 0 && falsePositiveRate < 1)) {
            throw new IllegalArgumentException("expected count must be positive and the rate in (0, 1)");
        }
        double ln2 = Math.log(2);
        this.size = (int) Math.ceil(-expected * Math.log(falsePositiveRate) / (ln2 * ln2));
        this.hashes = Math.max(1, (int) Math.round((double) size / expected * ln2));
        this.bits = new BitSet(size);
    }

    int sizeBits() {
        return size;
    }

    int hashCount() {
        return hashes;
    }

    void add(String key) {
        long[] h = hash(key);
        for (int i = 0; i < hashes; i++) {
            bits.set(index(h, i));
        }
    }

    boolean mightContain(String key) {
        long[] h = hash(key);
        for (int i = 0; i < hashes; i++) {
            if (!bits.get(index(h, i))) {
                return false;
            }
        }
        return true;
    }

    private int index(long[] h, int i) {
        return (int) Long.remainderUnsigned(h[0] + i * h[1], size);
    }

    private static long[] hash(String key) {
        long a = 0xcbf29ce484222325L;
        long b = 0x84222325cbf29ce4L;
        for (byte octet : key.getBytes(StandardCharsets.UTF_8)) {
            a = (a ^ (octet & 0xff)) * 0x100000001b3L;
            b = (b ^ (octet & 0xff)) * 0x100000001b3L + 0x9e3779b97f4a7c15L;
        }
        return new long[] {mix(a), mix(b) | 1};
    }

    /** Spreads the bits of {@code x} (the finalizer of SplitMix64). */
    private static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xbf58476d1ce4e5b9L;
        x = (x ^ (x >>> 27)) * 0x94d049bb133111ebL;
        return x ^ (x >>> 31);
    }
}
