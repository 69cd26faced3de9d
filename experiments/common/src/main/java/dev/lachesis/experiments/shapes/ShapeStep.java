package dev.lachesis.experiments.shapes;

/**
 * One synthetic operator of the {@link Fanout}, {@link Chain} and {@link Syn} queries, the same logic on Storm
 * and on Flink: it takes a record's key, part and digest, does its CPU work ({@link CpuWork}) and
 * emits zero or more records of the same key. Records carry no payload besides: the key stands for
 * the record's content (it is fixed by the input), the part tells the records one input became apart,
 * and the digest is the result of every step so far, so no step's work is dead code.
 * Implementations are stateless enums or immutable records, serialisable as Storm and Flink require
 * of operators.
 */
public interface ShapeStep {
    /** The operator's name in the topology or job. */
    String operator();

    /** CPU time the step spends per record it takes, µs on the test machine. */
    long costMicros();

    /** Processes one record, calling {@code out} once per record it emits (of the same key). */
    void apply(long key, int part, long digest, Output out);

    /** Where a step's records go. */
    @FunctionalInterface
    interface Output {
        /** Emits a record of the input's key with {@code part} and {@code digest}. */
        void emit(int part, long digest);
    }
}
