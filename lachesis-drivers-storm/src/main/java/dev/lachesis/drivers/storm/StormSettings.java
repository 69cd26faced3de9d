package dev.lachesis.drivers.storm;

import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The Storm driver's {@code settings}, with defaults. Immutable.
 *
 * @param version Storm's major version, 2 (default) or 1: selects thread names and metric paths
 * @param graphitePrefix the prefix the reporter puts before Storm's paths: the 2.x reporter's
 *     {@code graphite.prefixed.with} (default none), the 1.x consumer's prefix (default {@code Storm})
 * @param host which reporting host's series to read, as Storm's reporters name it ({@code storm.local.hostname},
 *     else the machine's canonical host name; Storm 2 writes its dots as {@code _}) or as a Graphite glob
 *     ({@code *}: every host). {@code null} until the factory fills in this machine's name
 *     ({@link StormHostName}): several machines report the same ports to one Graphite, and a daemon
 *     schedules the workers of its own
 * @param window how much recent history each round fetches; counter rates are taken over it (default 5s)
 * @param metricsBucket 1.x only: {@code topology.builtin.metrics.bucket.size.secs} (default 60s, Storm's)
 * @param waitStrategy the topology's {@code topology.*.wait.strategy}, as far as the user knows
 *     ({@code park}, {@code progressive} or {@code unknown}, the default): the driver cannot read a
 *     topology's configuration without Nimbus, and warns under a real-time translator unless it is {@code park}
 */
public record StormSettings(Integer version, String graphitePrefix, String host, Duration window, Duration metricsBucket,
                            String waitStrategy) implements ValidatedSettings {
    private static final Set<String> WAIT_STRATEGIES = Set.of("park", "progressive", "unknown");

    public StormSettings {
        version = Objects.requireNonNullElse(version, 2);
        graphitePrefix = graphitePrefix != null ? graphitePrefix : version == 1 ? "Storm" : "";
        window = window == null ? Duration.ofSeconds(5) : window;
        metricsBucket = metricsBucket == null ? Duration.ofSeconds(60) : metricsBucket;
        waitStrategy = waitStrategy == null ? "unknown" : waitStrategy.toLowerCase(Locale.ROOT);
    }

    @Override
    public void validate(SettingsCheck check) {
        check.require(version == 1 || version == 2, "version", "must be 1 or 2");
        check.require(window.compareTo(Duration.ofSeconds(2)) >= 0, "window",
                "must be at least 2s (two report periods)");
        check.require(metricsBucket.compareTo(Duration.ofSeconds(1)) >= 0, "metrics-bucket", "must be at least 1s");
        check.require(WAIT_STRATEGIES.contains(waitStrategy), "wait-strategy",
                "must be one of park, progressive, unknown");
        check.require(host == null || !host.isBlank(), "host", "must be a host name or a glob such as *");
    }

    /** These settings reading the series of {@code host} (a name or a glob). */
    public StormSettings withHost(String host) {
        return new StormSettings(version, graphitePrefix, host, window, metricsBucket, waitStrategy);
    }

    /** The metric layout of the configured version, for the configured host. */
    StormMetricLayout layout() {
        if (host == null) {
            throw new IllegalStateException("no host: the Storm driver's factory names this machine's");
        }
        return version == 1 ? new Storm1MetricLayout(graphitePrefix, host) : new Storm2MetricLayout(graphitePrefix, host);
    }
}
