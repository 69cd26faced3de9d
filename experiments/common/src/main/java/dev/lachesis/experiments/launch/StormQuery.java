package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.mode.HandSetPriority;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The example Storm queries by the name typed after {@code --query}, with what the harness must know
 * of each without Storm on its class path: whether it replays an input file and the priority a user
 * would set by hand. The topologies themselves are built in the Storm child JVM
 * ({@code dev.lachesis.experiments.storm.ExampleQuery}, module experiments/storm), whose tests check
 * that the hand-set operators below are the ones each topology measured heaviest.
 */
public enum StormQuery {
    /** {@code source → light → heavy (×2) → sink}, a rate-limited spout; the heavy bolt saturates first. */
    PIPELINE(false, Optional.empty()),
    /** Parallel operators of uneven cost behind a split; {@code heavy} heaviest ({@code FanoutTopology.HEAVIEST}). */
    FANOUT(true, Optional.of(new HandSetPriority("heavy", "source"))),
    /** A source that publishes nothing before a long chain; {@code heavy} heaviest ({@code ChainTopology.HEAVIEST}). */
    CHAIN(false, Optional.of(new HandSetPriority("heavy", "source"))),
    /**
     * A shape drawn from a seed ({@code RandomShape}), generating its own tuples; its heaviest operator
     * is measured in each sitting, not declared.
     */
    RANDOM(false, Optional.empty()),
    /** RIoTBench's ETL, ten operators; {@code join} measured heaviest ({@code EtlTopology.HEAVIEST}). */
    ETL(true, Optional.of(new HandSetPriority("join", "source"))),
    /** RIoTBench's STATS, ten operators; {@code accumulate} measured heaviest ({@code StatsTopology.HEAVIEST}). */
    STATS(true, Optional.of(new HandSetPriority("accumulate", "source"))),
    /**
     * Linear Road over Kafka, nine operators; the child needs {@code --kafka}; {@code toll-notification}
     * measured heaviest ({@code LrTopology.HEAVIEST}).
     */
    LR(false, Optional.of(new HandSetPriority("toll-notification", "source")));

    private final boolean readsInput;
    private final Optional<HandSetPriority> handSetPriority;

    StormQuery(boolean readsInput, Optional<HandSetPriority> handSetPriority) {
        this.readsInput = readsInput;
        this.handSetPriority = handSetPriority;
    }

    /** Whether the query replays an input file of SenML records, which its child JVM then needs. */
    public boolean readsInput() {
        return readsInput;
    }

    /**
     * The priority a user would set by hand for the query, its heaviest operator first and its source
     * next (the sweep's STATIC mode); empty unless the query says which operator it measured heaviest.
     */
    public Optional<HandSetPriority> handSetPriority() {
        return handSetPriority;
    }

    /** The name users type, in lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The query called {@code name}.
     *
     * @throws IllegalArgumentException naming the unknown query and listing the known ones
     */
    public static StormQuery named(String name) {
        for (StormQuery query : values()) {
            if (query.label().equals(name)) {
                return query;
            }
        }
        throw new IllegalArgumentException("no example query is called '" + name + "' (known: "
                + Arrays.stream(values()).map(StormQuery::label).collect(Collectors.joining(", ")) + ")");
    }
}
