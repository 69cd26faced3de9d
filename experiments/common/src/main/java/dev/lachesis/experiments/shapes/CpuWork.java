package dev.lachesis.experiments.shapes;

/**
 * Real CPU work of a fixed size, the cost of the synthetic operators of the {@link Fanout} and
 * {@link Chain} queries: rounds of a 64-bit hash (SplitMix64's finaliser), each fed with the last
 * one's result, so the JIT can neither skip nor vectorise them and the digest depends on the record.
 * A cost is written in microseconds and turned into rounds with {@link #ROUNDS_PER_MICROSECOND},
 * measured once on the test machine, so every trial does the same work per record whatever else
 * runs: a thread that is preempted does its work later, not less of it, and the same records give
 * the same digests in every trial. Stateless and thread-safe.
 */
public final class CpuWork {
    /**
     * Rounds that take one microsecond of a thread's CPU time on the test machine (AMD EPYC under
     * KVM, 2.45 GHz, C2-compiled: 227-232 rounds per µs over 8 × 20 million rounds, 4.3 ns a
     * round). Another machine does the same rounds in another time.
     */
    public static final int ROUNDS_PER_MICROSECOND = 230;

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private CpuWork() {
    }

    /** One round of the hash: SplitMix64's finaliser of {@code x} plus the golden gamma. */
    public static long mix(long x) {
        long z = x + GOLDEN_GAMMA;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The digest of {@code seed} after {@code rounds} rounds of {@link #mix}; the seed itself for 0 rounds. */
    public static long digest(long seed, long rounds) {
        if (rounds < 0) {
            throw new IllegalArgumentException("rounds must not be negative, got " + rounds);
        }
        long h = seed;
        for (long i = 0; i < rounds; i++) {
            h = mix(h);
        }
        return h;
    }

    /** The digest of {@code seed} after the rounds that take {@code micros} µs on the test machine. */
    public static long spend(long seed, long micros) {
        return digest(seed, micros * ROUNDS_PER_MICROSECOND);
    }

    /**
     * A number in [0, 100) that {@code key} and {@code salt} fix, spread evenly over keys: where the
     * queries' decisions (branch, filter, copies) take their chance from, so the same record is
     * decided alike in every trial and on both SPEs.
     */
    public static int percentile(long key, long salt) {
        return (int) Long.remainderUnsigned(mix(key ^ salt), 100);
    }
}
