package dev.lachesis.experiments.shapes;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The SYN queries of the 2021 Lachesis paper (§6.4, after Haren's evaluation): many concurrent
 * pipelines of five operators — a source, {@value #OPERATORS} synthetic operators, a sink — whose
 * cost and selectivity are drawn from a seed as Haren draws them. Each query {@code j} gets a
 * selectivity {@code s} uniform in [0.01, 1] and a cost class {@code z} uniform in 0…4; each of its
 * operators gets the selectivity {@code s^(1/L) ± 10%} (so the chain's product is about {@code s})
 * and the cost {@code B · 2^z ± 10%}, with {@code B} = {@value #BASE_COST_MICROS} µs. With
 * blocking, a seeded tenth of all operators (at least one) blocks with chance
 * {@value #BLOCK_CHANCE} per record for up to {@value #MAX_BLOCK_MILLIS} ms, as a commit to a remote
 * system would (the paper's Figure 16). Operator names carry the query's number ({@code q3-op2}),
 * so the queries' threads stay apart when they share an SPE process. Stateless.
 */
public final class Syn {
    /** The query's name after {@code --query}. */
    public static final String NAME = "syn";
    /** Synthetic operators per query, between its source and sink. */
    public static final int OPERATORS = 3;
    /** Haren's base cost {@code B}, µs. */
    public static final long BASE_COST_MICROS = 5;
    /** The seed of the operators and records the queries run with. */
    public static final long STANDARD_SEED = 42;
    /** The chance that a blocking operator blocks on a record. */
    public static final double BLOCK_CHANCE = 0.001;
    /** The longest a block lasts, ms. */
    public static final long MAX_BLOCK_MILLIS = 200;

    private static final double BLOCKING_SHARE = 0.1;
    private static final long SELECT_SALT = 0x5EED_0051L;
    private static final long BLOCK_SALT = 0x5EED_0052L;
    private static final long BLOCK_LENGTH_SALT = 0x5EED_0053L;

    private Syn() {
    }

    /**
     * One synthetic operator: spends its cost on each record, then emits ⌊selectivity⌋ records and
     * one more with the chance of the fraction, decided by the record (so every trial decides alike);
     * a blocking one may first wait. Immutable and serialisable, as Storm and Flink require.
     *
     * @param operator the name in the topology or job, e.g. {@code q3-op2}
     * @param costMicros the CPU time per record taken
     * @param selectivity records emitted per record taken, on average
     * @param blocks whether it blocks now and then
     */
    public record Operator(String operator, long costMicros, double selectivity, boolean blocks)
            implements ShapeStep, Serializable {
        private static final long serialVersionUID = 1L;

        public Operator {
            if (costMicros < 0 || !(selectivity >= 0)) {
                throw new IllegalArgumentException("cost and selectivity must not be negative: " + operator);
            }
        }

        @Override
        public void apply(long key, int part, long digest, Output out) {
            long record = key ^ digest;
            if (blocks && chance(record, BLOCK_SALT) < BLOCK_CHANCE) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(blockMillis(record)));
            }
            long d = CpuWork.spend(record, costMicros);
            int copies = copies(record);
            for (int p = 0; p < copies; p++) {
                out.emit(p, CpuWork.mix(d + p));
            }
        }

        /** How many records this operator emits for the record {@code key ^ digest}. */
        int copies(long record) {
            int whole = (int) Math.floor(selectivity);
            return whole + (chance(record, SELECT_SALT ^ operator.hashCode()) < selectivity - whole ? 1 : 0);
        }

        /** How long a block on the record {@code key ^ digest} lasts, 1 to {@link #MAX_BLOCK_MILLIS} ms. */
        static long blockMillis(long record) {
            return 1 + Long.remainderUnsigned(CpuWork.mix(record ^ BLOCK_LENGTH_SALT), MAX_BLOCK_MILLIS);
        }
    }

    /**
     * The operators of {@code queries} queries drawn from {@code seed}, each list in data-flow order;
     * with {@code blocking}, a tenth of them (at least one) block now and then.
     */
    public static List<List<Operator>> draw(long seed, int queries, boolean blocking) {
        if (queries < 1) {
            throw new IllegalArgumentException("at least one query, got " + queries);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int total = queries * OPERATORS;
        boolean[] blocks = new boolean[total];
        if (blocking) {
            int blockingOperators = Math.max(1, (int) Math.round(BLOCKING_SHARE * total));
            for (int chosen = 0; chosen < blockingOperators; ) {
                int i = random.nextInt(total);
                if (!blocks[i]) {
                    blocks[i] = true;
                    chosen++;
                }
            }
        }
        List<List<Operator>> drawn = new ArrayList<>(queries);
        for (int q = 0; q < queries; q++) {
            double querySelectivity = random.nextDouble(0.01, 1.0);
            long queryCost = BASE_COST_MICROS << random.nextInt(5);
            double operatorSelectivity = Math.exp(Math.log(querySelectivity) / OPERATORS);
            List<Operator> operators = new ArrayList<>(OPERATORS);
            for (int o = 0; o < OPERATORS; o++) {
                operators.add(new Operator(operatorName(q, o), Math.round(queryCost * random.nextDouble(0.9, 1.1)),
                        operatorSelectivity * random.nextDouble(0.9, 1.1), blocks[q * OPERATORS + o]));
            }
            drawn.add(List.copyOf(operators));
        }
        return List.copyOf(drawn);
    }

    /** The name of query {@code q}'s (0-based) source: {@code q<q+1>-source}. */
    public static String sourceName(int q) {
        return "q" + (q + 1) + "-source";
    }

    /** The name of query {@code q}'s (0-based) sink: {@code q<q+1>-sink}. */
    public static String sinkName(int q) {
        return "q" + (q + 1) + "-sink";
    }

    /** The key of record {@code n} of query {@code q}'s sequence, which {@code seed} fixes. */
    public static long key(long seed, int q, long n) {
        return Chain.key(seed + q, n);
    }

    private static String operatorName(int q, int o) {
        return "q" + (q + 1) + "-op" + (o + 1);
    }

    /** A number in [0, 1) that {@code record} and {@code salt} fix, spread evenly over records. */
    private static double chance(long record, long salt) {
        return (CpuWork.mix(record ^ salt) >>> 11) * 0x1.0p-53;
    }
}
