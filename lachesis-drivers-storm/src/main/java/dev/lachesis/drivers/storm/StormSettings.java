package dev.lachesis.drivers.storm;

import java.time.Duration;
import java.util.Locale;

/**
 * The Storm driver's {@code settings}, with defaults. Immutable.
 *
 * @param version Storm's major version, 2 (default) or 1: selects thread names and metric paths
 * @param graphitePrefix the prefix the reporter puts before Storm's paths: the 2.x reporter's
 *     {@code graphite.prefixed.with} (default none), the 1.x consumer's prefix (default {@code Storm})
 * @param host which reporting host's series to read, as a Graphite glob (default {@code *}); set it
 *     when several machines report to one Graphite, as Storm reports the same ports on every machine
 * @param window how much recent history each round fetches; counter rates are taken over it (default 5s)
 * @param metricsBucket 1.x only: {@code topology.builtin.metrics.bucket.size.secs} (default 60s, Storm's)
 * @param waitStrategy the topology's {@code topology.*.wait.strategy}, as far as the user knows
 *     ({@code park}, {@code progressive} or {@code unknown}, the default): the driver cannot read a
 *     topology's configuration without Nimbus, and warns under a real-time translator unless it is {@code park}
 */
public record StormSettings(Integer version, String graphitePrefix, String host, Duration window, Duration metricsBucket,
                            String waitStrategy) {
    public StormSettings {
        version = version == null ? 2 : version;
        graphitePrefix = graphitePrefix != null ? graphitePrefix : version == 1 ? "Storm" : "";
        host = host == null ? "*" : host;
        window = window == null ? Duration.ofSeconds(5) : window;
        metricsBucket = metricsBucket == null ? Duration.ofSeconds(60) : metricsBucket;
        waitStrategy = waitStrategy == null ? "unknown" : waitStrategy.toLowerCase(Locale.ROOT);
    }

    /** The metric layout of the configured version. */
    StormMetricLayout layout() {
        return version == 1 ? new Storm1MetricLayout(graphitePrefix, host) : new Storm2MetricLayout(graphitePrefix);
    }
}
