package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.run.CpuList;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Starts one query on one SPE in a process of its own for a run of a sweep: a new query per SPE
 * is one implementation of this (and its generator), the harness does the rest. The process prints
 * a sink report a second on standard output ({@code SINK ...}, see
 * {@link dev.lachesis.experiments.run.SinkMeter}), with the count of records its sources emitted
 * ({@link dev.lachesis.experiments.measure.SourceStats}).
 */
public interface QueryLauncher {
    /** The SPE's name in the CSV files: {@code storm}, {@code flink}. */
    String spe();

    /** The query's name in the CSV files: {@code etl}. */
    String query();

    /** How the SPE's idle threads wait, for the CSV files: {@code progressive}, {@code park}, {@code none}. */
    String waitStrategy();

    /** Whether the query replays an input file ({@link dev.lachesis.experiments.run.QueryInput}) rather than generating tuples itself. */
    boolean readsInput();

    /**
     * The priority a user would set by hand for this query, its heaviest operator first and its
     * source next, which the {@code STATIC} mode applies; empty until someone has measured which
     * operator is heaviest. Measure it as a user would: one {@code OS} trial beyond saturation
     * ({@code sweep --modes OS --reps 1}) writes every operator's CPU share to {@code operators.csv}
     * ({@code cpu_share}); the operator with the largest share is the heaviest. Write the figures
     * down in the query class's Javadoc.
     */
    Optional<HandSetPriority> handSetPriority();

    /**
     * The query's source as the SPE shows it ({@code source} on Storm, {@code Source: source} on
     * Flink), which a hand-set priority measured in the sitting favours next after the heaviest operator.
     */
    default String sourceOperator() {
        return "source";
    }

    /**
     * Starts the query at {@code rate} input tuples per second, confined to {@code cpus}, reporting
     * to the carbon receiver on 127.0.0.1:{@code carbonPort}, and returns once tuples reach the sink.
     *
     * @param input the file to replay when the query {@link #readsInput() reads input}, else null
     * @param output receives every line the process prints (sink reports among them)
     */
    RunningQuery start(double rate, CpuList cpus, int carbonPort, Path input, Consumer<String> output)
            throws IOException, TimeoutException, InterruptedException;
}
