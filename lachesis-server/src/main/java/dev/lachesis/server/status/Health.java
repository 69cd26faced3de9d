package dev.lachesis.server.status;

/**
 * Whether the daemon is doing its job, for {@code GET /health} (a systemd watchdog, a Kubernetes
 * probe): healthy while its rounds run on time and apply their schedules. Immutable.
 *
 * @param healthy whether the last round applied every due policy and rounds are on time
 * @param reason one line saying why not, or {@code ok}
 */
public record Health(boolean healthy, String reason) {
}
