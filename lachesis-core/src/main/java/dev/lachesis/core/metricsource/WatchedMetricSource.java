package dev.lachesis.core.metricsource;

import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * A metric source as one SPE's driver sees it, which notes what the driver's queries returned since
 * {@link #startRound()}: how many series, the newest point with a value, the widest window asked for,
 * and a few of the patterns. An answer is not a failure when it is empty or old, yet a round scheduled
 * from it schedules from nothing; the fresh-metrics check of the loop reads these notes
 * to say so. Everything else is the wrapped source's. Called from the main loop's thread only.
 */
public final class WatchedMetricSource extends ForwardingMetricSource {
    private boolean queried;
    private int series;
    private long newestSeconds = Long.MIN_VALUE;
    private Duration widestWindow = Duration.ZERO;
    private Collection<String> lastPatterns = List.of();

    public WatchedMetricSource(MetricSource source) {
        super(source);
    }

    /** Forgets the notes of the last round. */
    public void startRound() {
        queried = false;
        series = 0;
        newestSeconds = Long.MIN_VALUE;
        widestWindow = Duration.ZERO;
        lastPatterns = List.of();
    }

    @Override
    public List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException {
        List<Series> answer = super.query(patterns, window);
        queried = true;
        series += answer.size();
        for (Series s : answer) {
            for (DataPoint p : s.points()) {
                if (p.isPresent()) {
                    newestSeconds = Math.max(newestSeconds, p.epochSeconds());
                }
            }
        }
        if (window.compareTo(widestWindow) > 0) {
            widestWindow = window;
        }
        lastPatterns = List.copyOf(patterns);
        return answer;
    }

    /** Whether the driver asked anything since the round started. */
    public boolean queried() {
        return queried;
    }

    /** How many series the round's answers held. */
    public int series() {
        return series;
    }

    /** The newest point with a value in the round's answers, epoch seconds; {@link Long#MIN_VALUE} for none. */
    public long newestSeconds() {
        return newestSeconds;
    }

    /** The widest window the round's queries asked for. */
    public Duration widestWindow() {
        return widestWindow;
    }

    /** The patterns of the round's last query. */
    public Collection<String> lastPatterns() {
        return lastPatterns;
    }
}
