package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.SinkMeter;
import dev.lachesis.experiments.run.SpeBlock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The same query on two SPEs at once, sharing the SPE's CPUs and scheduled by one daemon (the 2021
 * paper's multi-SPE scheduling, §6.6): starts the first SPE's query, then the second's, each at the
 * trial's rate and in its own JVM, reading the same input file where the query reads one. Both
 * print their sink reports into the trial's meter, which so measures the two together; each is
 * also measured apart ({@link RunningQuery#parts()}), named {@code <spe>-beside-<other spe>} in the
 * CSV files. No hand-set priority: which operator of which SPE is heaviest is not one query's to say.
 */
final class SpePairLauncher implements QueryLauncher {
    private final QueryLauncher first;
    private final QueryLauncher second;

    SpePairLauncher(QueryLauncher first, QueryLauncher second) {
        this.first = Objects.requireNonNull(first, "first");
        this.second = Objects.requireNonNull(second, "second");
        if (!first.query().equals(second.query())) {
            throw new IllegalArgumentException("the two SPEs must run the same query, not " + first.query() + " and "
                    + second.query());
        }
    }

    @Override
    public String spe() {
        return first.spe() + "+" + second.spe();
    }

    @Override
    public String query() {
        return first.query();
    }

    /** The first SPE's, the one that has a wait strategy when only one does. */
    @Override
    public String waitStrategy() {
        return first.waitStrategy();
    }

    @Override
    public boolean readsInput() {
        return first.readsInput() || second.readsInput();
    }

    @Override
    public Optional<HandSetPriority> handSetPriority() {
        return Optional.empty();
    }

    @Override
    public RunningQuery start(double rate, CpuList cpus, int carbonPort, Path input, Consumer<String> output)
            throws IOException, TimeoutException, InterruptedException {
        SinkMeter firstSink = new SinkMeter(line -> { });
        RunningQuery a = first.start(rate, cpus, carbonPort, first.readsInput() ? input : null,
                both(firstSink, output));
        try {
            SinkMeter secondSink = new SinkMeter(line -> { });
            RunningQuery b = second.start(rate, cpus, carbonPort, second.readsInput() ? input : null,
                    both(secondSink, output));
            return new Pair(a, b, List.of(
                    new SpePart(first.spe() + "-beside-" + second.spe(), first.waitStrategy(), a.pids().get(0), firstSink),
                    new SpePart(second.spe() + "-beside-" + first.spe(), second.waitStrategy(), b.pids().get(0),
                            secondSink)));
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            a.close();
            throw e;
        }
    }

    private static Consumer<String> both(SinkMeter own, Consumer<String> together) {
        return line -> {
            own.accept(line);
            together.accept(line);
        };
    }

    /** The two running queries, stopped in the reverse order of their start. */
    private record Pair(RunningQuery first, RunningQuery second, List<SpePart> parts) implements RunningQuery {
        @Override
        public List<Long> pids() {
            return Stream.concat(first.pids().stream(), second.pids().stream()).toList();
        }

        @Override
        public List<SpeBlock> spes() {
            return Stream.concat(first.spes().stream(), second.spes().stream()).toList();
        }

        @Override
        public void close() {
            try {
                second.close();
            } finally {
                first.close();
            }
        }
    }
}
