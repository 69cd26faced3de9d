package dev.lachesis.core.spi;

import java.time.Instant;
import java.util.List;

/**
 * Everything a policy may read in one round: the SPE instances it schedules and the time. A policy
 * reads no clock and does no I/O of its own, so it is a pure function of this (and its own state).
 *
 * @param now the round's time
 * @param spes the SPE instances the policy is configured for
 */
public record PolicyInput(Instant now, List<SpeRound> spes) {
    public PolicyInput {
        spes = List.copyOf(spes);
    }
}
