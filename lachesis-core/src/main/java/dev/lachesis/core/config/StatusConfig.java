package dev.lachesis.core.config;

/**
 * The {@code status} section: where the daemon answers {@code GET /status}, {@code /schedule},
 * {@code /health} and {@code /metrics}. Off unless the section names a port, because any local user
 * can read what it serves; loopback unless it names an address. Immutable.
 *
 * @param address the address to listen on; default {@code 127.0.0.1}
 * @param port the TCP port, 0 for any free one (the daemon logs which); {@code null}: no endpoint
 */
public record StatusConfig(String address, Integer port) {
    /** The address listened on when the section names none. */
    public static final String DEFAULT_ADDRESS = "127.0.0.1";
    /** The port {@code lachesis status} asks when given no URL, and the examples use. */
    public static final int DEFAULT_PORT = 9477;

    public StatusConfig {
        address = address == null ? DEFAULT_ADDRESS : address;
    }

    /** No endpoint. */
    public static StatusConfig off() {
        return new StatusConfig(null, null);
    }

    /** Whether the daemon serves the endpoint. */
    public boolean enabled() {
        return port != null;
    }
}
