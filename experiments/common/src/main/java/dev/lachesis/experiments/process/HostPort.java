package dev.lachesis.experiments.process;

/**
 * A TCP endpoint typed on the command line as {@code HOST:PORT}, such as the Graphite plaintext
 * receiver an example query reports to. Immutable.
 *
 * @param host a host name or address, never blank
 * @param port 1–65535
 */
public record HostPort(String host, int port) {
    public HostPort {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host is blank");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port " + port + " is outside 1-65535");
        }
    }

    /**
     * Parses {@code HOST:PORT}.
     *
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static HostPort parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' is not HOST:PORT (e.g. 127.0.0.1:2003)");
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' has a port that is not a number", e);
        }
        try {
            return new HostPort(text.substring(0, colon), port);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "': " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
