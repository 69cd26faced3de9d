package dev.lachesis.experiments.measure;

import java.time.Instant;

/**
 * The wall clock in microseconds since the epoch, the unit the example queries stamp tuples with:
 * comparable across threads and processes of one machine, unlike {@link System#nanoTime()} across
 * processes, and fine enough for latencies inside the SPE, unlike milliseconds.
 */
public final class EpochMicros {
    private EpochMicros() {
    }

    /** Now, microseconds since the epoch. */
    public static long now() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }
}
