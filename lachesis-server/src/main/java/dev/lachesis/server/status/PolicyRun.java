package dev.lachesis.server.status;

import java.time.Instant;

/**
 * How a policy's last round went, as {@code GET /status} shows it. Immutable.
 *
 * @param at when the round ran
 * @param durationMs how long the whole round took, milliseconds
 * @param outcome {@code applied}, {@code planned} (a dry run) or {@code kept} (it failed and every
 *     thread kept its last priority)
 * @param threads how many threads the policy controls after the round
 * @param changed how many of them got a new value in the round (first-time threads included)
 * @param problem why it failed, or {@code null}
 */
public record PolicyRun(Instant at, double durationMs, String outcome, int threads, int changed, String problem) {
}
