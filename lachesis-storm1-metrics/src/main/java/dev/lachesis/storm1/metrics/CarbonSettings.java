package dev.lachesis.storm1.metrics;

import java.util.Map;

/**
 * Where {@link CarbonMetricsConsumer} sends the metrics and under which prefix, read from the
 * registration argument a topology gives {@code conf.registerMetricsConsumer}: a map with
 * {@value #HOST} (default {@code 127.0.0.1}), {@value #PORT} (default 2003) and {@value #PREFIX}
 * (default {@code Storm}, the original Lachesis setup's), or no argument for all three defaults. A
 * bad value is an {@link IllegalArgumentException} naming the key, which Storm shows when the
 * consumer starts. Immutable.
 */
final class CarbonSettings {
    static final String HOST = "carbon.host";
    static final String PORT = "carbon.port";
    static final String PREFIX = "prefix";

    private final String host;
    private final int port;
    private final String prefix;

    private CarbonSettings(String host, int port, String prefix) {
        this.host = host;
        this.port = port;
        this.prefix = prefix;
    }

    /** The settings in {@code argument}: null or a map. */
    static CarbonSettings from(Object argument) {
        if (argument == null) {
            return new CarbonSettings("127.0.0.1", 2003, "Storm");
        }
        if (!(argument instanceof Map)) {
            throw new IllegalArgumentException("lachesis-storm1-metrics: the registration argument must be a map with "
                    + HOST + ", " + PORT + " and " + PREFIX + ", not " + argument.getClass().getName());
        }
        Map<?, ?> map = (Map<?, ?>) argument;
        String host = text(map, HOST, "127.0.0.1");
        String prefix = text(map, PREFIX, "Storm");
        if (prefix.contains(" ")) {
            throw new IllegalArgumentException("lachesis-storm1-metrics: " + PREFIX + " was '" + prefix
                    + "' but a metric path has no spaces");
        }
        Object portValue = map.get(PORT);
        int port = 2003;
        if (portValue != null) {
            try {
                port = Integer.parseInt(portValue.toString().trim());
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("lachesis-storm1-metrics: " + PORT + " was '" + portValue
                        + "' but must be a port number (1-65535)");
            }
        }
        return new CarbonSettings(host, port, prefix);
    }

    private static String text(Map<?, ?> map, String key, String fallback) {
        Object value = map.get(key);
        return value == null ? fallback : value.toString().trim();
    }

    String host() {
        return host;
    }

    int port() {
        return port;
    }

    /** The first segments of every path, without a trailing dot; empty for none. */
    String prefix() {
        return prefix;
    }
}
