package dev.lachesis.server.status;

import dev.lachesis.core.loop.ThreadRow;

/**
 * One thread the daemon controls, as {@code GET /schedule} shows it: where it stands in its query,
 * the metrics and priority its policy gave it, the value its translator set, and what {@code /proc}
 * says now. Immutable.
 *
 * @param row the thread as the policy's last round ranked and set it
 * @param now what the kernel reports for it, or {@code null} when it is gone
 */
public record ScheduledThread(ThreadRow row, ReadBack now) {
}
