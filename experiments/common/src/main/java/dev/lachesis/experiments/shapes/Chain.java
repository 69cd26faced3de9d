package dev.lachesis.experiments.shapes;

import java.util.List;

/**
 * The {@code chain} query's logic, shared by its Storm topology and its Flink job: a source that
 * publishes nothing, then a long chain of operators of very uneven cost and selectivity.
 *
 * <pre>
 *  source ─► light ─► heavy ─► expand (×3) ─► medium ─► filter (⅓) ─► medium-heavy ─► sink
 * </pre>
 *
 * The source is written as a user writes one: it generates record {@code n} of a seeded sequence
 * ({@link #key}) when its fixed-rate schedule says so ({@link FixedRateSchedule}), falls behind when
 * the SPE does not take records fast enough, and publishes no backlog metric; each record's
 * production time is the moment its schedule named, so end-to-end latency includes its wait in
 * the source. {@link Step#EXPAND} makes three records of each, {@link Step#FILTER} keeps exactly one
 * of those three, so the sink sees as many records as the source emitted while {@code medium} and
 * {@code filter} see three times as many. Per source record the steps cost 2, 150, 2, 3 × 20,
 * 3 × 1 and 50 µs: {@code heavy} is the heaviest operator. Stateless.
 */
public final class Chain {
    /** The query's name after {@code --query}. */
    public static final String NAME = "chain";

    /** The operators, in data-flow order. */
    public static final List<String> OPERATORS = List.of("source", "light", "heavy", "expand", "medium", "filter",
            "medium-heavy", "sink");

    /** The seed of the record sequence the queries run with. */
    public static final long STANDARD_SEED = 42;

    /** Records {@link Step#EXPAND} makes of each. */
    static final int FAN_OUT = 3;

    private static final long FILTER_SALT = 0x5EED_0004L;

    private Chain() {
    }

    /** The key of record {@code n} of the sequence {@code seed} fixes. */
    public static long key(long seed, long n) {
        return CpuWork.mix(seed ^ CpuWork.mix(n));
    }

    /** The operators after the source, in data-flow order, with their cost per record they take. */
    public enum Step implements ShapeStep {
        /** Light: checks and normalises the record. */
        LIGHT("light", 2) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                out.emit(part, CpuWork.spend(key ^ digest, costMicros()));
            }
        },
        /** Heavy: the costliest step of the chain. */
        HEAVY("heavy", 150) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                out.emit(part, CpuWork.spend(key ^ digest, costMicros()));
            }
        },
        /** A light flat-map: three records (parts 0, 1, 2) of each. */
        EXPAND("expand", 2) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                long d = CpuWork.spend(key ^ digest, costMicros());
                for (int p = 0; p < FAN_OUT; p++) {
                    out.emit(p, CpuWork.mix(d + p));
                }
            }
        },
        /** Medium, on each of the three records. */
        MEDIUM("medium", 20) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                out.emit(part, CpuWork.spend(key ^ digest, costMicros()));
            }
        },
        /** Keeps the one part of three that the key picks: selectivity ⅓. */
        FILTER("filter", 1) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                long d = CpuWork.spend(key ^ digest, costMicros());
                if (part == keptPart(key)) {
                    out.emit(part, d);
                }
            }
        },
        /** Medium-heavy, on the records the filter kept. */
        MEDIUM_HEAVY("medium-heavy", 50) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                out.emit(part, CpuWork.spend(key ^ digest, costMicros()));
            }
        };

        private final String operator;
        private final long costMicros;

        Step(String operator, long costMicros) {
            this.operator = operator;
            this.costMicros = costMicros;
        }

        @Override
        public String operator() {
            return operator;
        }

        @Override
        public long costMicros() {
            return costMicros;
        }
    }

    /** The part of a record of {@code key} that {@link Step#FILTER} keeps. */
    static int keptPart(long key) {
        return (int) Long.remainderUnsigned(CpuWork.mix(key ^ FILTER_SALT), FAN_OUT);
    }
}
