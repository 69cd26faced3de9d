package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.run.SinkMeter;
import java.util.Objects;

/**
 * One SPE's query among several run at once ({@link SpePairLauncher}): the name its rows carry in
 * the CSV files, its JVM and its own sink reports, so a trial measures each SPE's query apart
 * besides the two together. Immutable but for the meter, which fills as reports arrive.
 *
 * @param spe the name in the CSV files' {@code spe} column, e.g. {@code storm-beside-flink}
 * @param waitStrategy how the SPE's idle threads wait, for the {@code wait_strategy} column
 * @param pid the JVM that runs the query's threads
 * @param sink the query's own sink reports
 */
public record SpePart(String spe, String waitStrategy, long pid, SinkMeter sink) {
    public SpePart {
        Objects.requireNonNull(spe, "spe");
        Objects.requireNonNull(waitStrategy, "waitStrategy");
        Objects.requireNonNull(sink, "sink");
    }
}
