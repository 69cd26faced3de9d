package dev.lachesis.core.config;

/**
 * The {@code report} section: push what the daemon decided each round to Graphite (carbon's
 * plaintext protocol), the series the papers plotted — per thread the policy's priority and the
 * value set, per policy the threads controlled and changed, per round its duration and outcome.
 * Off unless the section names a carbon address. Immutable.
 *
 * @param carbon {@code host:port} of carbon's plaintext listener, e.g. {@code 127.0.0.1:2003}
 * @param prefix the first part of every series name; default {@code lachesis}
 */
public record ReportConfig(String carbon, String prefix) {
    /** The series prefix when the section names none. */
    public static final String DEFAULT_PREFIX = "lachesis";

    public ReportConfig {
        prefix = prefix == null ? DEFAULT_PREFIX : prefix;
    }

    /** No reporting. */
    public static ReportConfig off() {
        return new ReportConfig(null, null);
    }

    /** Whether the daemon pushes its rounds. */
    public boolean enabled() {
        return carbon != null;
    }

    /** The host part of {@link #carbon}. */
    public String host() {
        return carbon.substring(0, carbon.lastIndexOf(':')).replaceAll("^\\[|]$", "");
    }

    /** The port part of {@link #carbon}. */
    public int port() {
        return Integer.parseInt(carbon.substring(carbon.lastIndexOf(':') + 1));
    }
}
