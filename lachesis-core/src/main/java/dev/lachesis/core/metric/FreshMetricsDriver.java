package dev.lachesis.core.metric;

import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.metricsource.WatchedMetricSource;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Refuses to let a round schedule from metrics that are not there: when the driver's queries of a
 * round (through its {@link WatchedMetricSource}) found no series at all, or no point with a value
 * within the window they asked for, the round's fetch fails with a {@link DriverException} that says
 * which, so the loop keeps the last priorities, logs the condition once, shows it in {@code /health}
 * and {@code lachesis status}, and logs once more when the metrics return. Graphite answers an empty
 * list while a topology's reporters have not yet sent, and a series of empty buckets once they
 * stopped; either way a policy would rank threads on nothing. A round whose driver did not query the
 * source (a driver reading metrics elsewhere) is not judged. Everything else is the wrapped driver's.
 * Called from the main loop's thread only.
 */
public final class FreshMetricsDriver extends ForwardingSpeDriver {
    private static final int PATTERNS_NAMED = 3;

    private final SpeDriver driver;
    private final WatchedMetricSource watch;
    private final Clock clock;

    /** @param watch the source {@code driver} queries */
    public FreshMetricsDriver(SpeDriver driver, WatchedMetricSource watch, Clock clock) {
        super(driver);
        this.driver = driver;
        this.watch = watch;
        this.clock = clock;
    }

    @Override
    public SpeState refresh() throws DriverException {
        watch.startRound();
        return driver.refresh();
    }

    @Override
    public Set<String> providedMetrics() {
        return driver.providedMetrics();
    }

    @Override
    public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) throws DriverException {
        Map<String, MetricValues> fetched = driver.fetch(state, metrics);
        if (!watch.queried()) {
            return fetched;
        }
        if (watch.series() == 0) {
            throw new DriverException("no series at " + watch.describe() + " matches its metric patterns ("
                    + named() + "): its reporters have sent nothing yet, or report under other names");
        }
        Duration window = watch.widestWindow();
        long newest = watch.newestSeconds();
        if (newest == Long.MIN_VALUE) {
            throw new DriverException("none of its " + watch.series() + " series at " + watch.describe()
                    + " has a value in the last " + DurationText.format(window) + ": its reporters stopped sending");
        }
        long ageSeconds = clock.instant().getEpochSecond() - newest;
        if (ageSeconds > Math.max(1, window.toSeconds())) {
            throw new DriverException("the newest point of its metrics at " + watch.describe() + " is " + ageSeconds
                    + " s old (window " + DurationText.format(window) + ")");
        }
        return fetched;
    }

    private String named() {
        String named = watch.lastPatterns().stream().limit(PATTERNS_NAMED).map(p -> "'" + p + "'")
                .collect(Collectors.joining(", "));
        int more = watch.lastPatterns().size() - PATTERNS_NAMED;
        return more > 0 ? named + " and " + more + " more" : named;
    }
}
