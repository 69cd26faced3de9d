package dev.lachesis.experiments.shapes;

import java.util.List;

/**
 * The {@code fanout} query's logic, shared by its Storm topology and its Flink job: parallel
 * operators of uneven cost behind one split.
 *
 * <pre>
 *                         ┌─► heavy (×2, by key) ──┐
 *  source ─► parse ─ split┼─► medium ──────────────┼─► merge ─► sink
 *                         └─► light-filter ────────┘
 * </pre>
 *
 * The source replays the seeded SenML records the ETL query reads (the file source of
 * {@code source-operators}, which publishes its backlog). {@link #parse} is light: it only finds the
 * record's message id, which keys the record ({@link #key}); {@link #branch} sends each record down
 * one of three branches by its key: 40% to {@link Step#HEAVY} (two parallel instances, records keyed
 * to them), 30% to {@link Step#MEDIUM}, 30% to {@link Step#LIGHT_FILTER}. Medium emits a second,
 * derived record for 70% of its records (selectivity 1.7), the light filter lets 30% through
 * (selectivity 0.3), so the merge and the sink see as many records as the source emitted
 * (0.4 + 0.3 × 1.7 + 0.3 × 0.3 = 1). The heaviest operator is {@code heavy}, two operators behind the
 * source, not the first one after it. Stateless.
 */
public final class Fanout {
    /** The query's name after {@code --query}. */
    public static final String NAME = "fanout";

    /** The operators, in data-flow order (the three branches between parse and merge). */
    public static final List<String> OPERATORS = List.of("source", "parse", "heavy", "medium", "light-filter",
            "merge", "sink");

    /** Parallel instances of the heavy branch. */
    public static final int HEAVY_PARALLELISM = 2;

    /** Percent of records the split sends to the heavy branch, then to the medium one; the rest go to the light filter. */
    static final int HEAVY_SHARE = 40;
    static final int MEDIUM_SHARE = 30;
    /** Percent of its records medium emits a second record for. */
    static final int MEDIUM_COPY_SHARE = 70;
    /** Percent of its records the light filter lets through. */
    static final int LIGHT_PASS_SHARE = 30;

    private static final long BRANCH_SALT = 0x5EED_0001L;
    private static final long COPY_SALT = 0x5EED_0002L;
    private static final long FILTER_SALT = 0x5EED_0003L;
    private static final String MSG_ID = "\"n\":\"msgid\",\"sv\":\"";

    private Fanout() {
    }

    /**
     * The light parse: the message id of a SenML record, found without parsing the JSON.
     *
     * @throws IllegalArgumentException quoting the start of {@code record} when it carries no message id
     */
    public static String parse(String record) {
        int at = record.indexOf(MSG_ID);
        int end = at < 0 ? -1 : record.indexOf('"', at + MSG_ID.length());
        if (end < 0) {
            throw new IllegalArgumentException("a record without a message id: '"
                    + record.substring(0, Math.min(60, record.length())) + "'");
        }
        return record.substring(at + MSG_ID.length(), end);
    }

    /** The key of the record with {@code msgId}: the same for the same id in every run. */
    public static long key(String msgId) {
        return CpuWork.mix(msgId.hashCode());
    }

    /** The branch whose first operator takes the record of {@code key}. */
    public static Step branch(long key) {
        int p = CpuWork.percentile(key, BRANCH_SALT);
        return p < HEAVY_SHARE ? Step.HEAVY : p < HEAVY_SHARE + MEDIUM_SHARE ? Step.MEDIUM : Step.LIGHT_FILTER;
    }

    /** Whether medium emits a second record for the record of {@code key}. */
    static boolean derivesSecond(long key) {
        return CpuWork.percentile(key, COPY_SALT) < MEDIUM_COPY_SHARE;
    }

    /** Whether the light filter lets the record of {@code key} through. */
    static boolean passesLightFilter(long key) {
        return CpuWork.percentile(key, FILTER_SALT) < LIGHT_PASS_SHARE;
    }

    /** The operators after parse, with their cost per record. */
    public enum Step implements ShapeStep {
        /** The heavy branch: {@link Fanout#HEAVY_PARALLELISM} instances, records keyed to them. */
        HEAVY("heavy", 250) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                out.emit(part, CpuWork.spend(key ^ digest, costMicros()));
            }
        },
        /** The medium branch: the record, and for 70% of records a second one derived from it. */
        MEDIUM("medium", 40) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                long d = CpuWork.spend(key ^ digest, costMicros());
                out.emit(part, d);
                if (derivesSecond(key)) {
                    out.emit(part + 1, CpuWork.mix(d));
                }
            }
        },
        /** The light branch: a cheap test that lets 30% of records through. */
        LIGHT_FILTER("light-filter", 1) {
            @Override
            public void apply(long key, int part, long digest, Output out) {
                long d = CpuWork.spend(key ^ digest, costMicros());
                if (passesLightFilter(key)) {
                    out.emit(part, d);
                }
            }
        },
        /** Where the branches meet: a light step on every record of every branch. */
        MERGE("merge", 5) {
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
}
