package dev.lachesis.translators.realtime;

import dev.lachesis.translators.Settings;
import java.time.Duration;

/**
 * Settings of the real-time safety net ({@code watchdog} under the {@code rt} translator's settings):
 * whether it runs (default yes), how often it looks ({@code period}, default 200ms), how long a
 * runnable RT thread of a query without progress, or a CPU's canary beyond what RT throttling allows,
 * may get no CPU before the RT threads are demoted ({@code stall}, default 500ms), how long ago a
 * query's operators may last have been seen processing tuples and still excuse a starving thread
 * ({@code progress-age}, default 15s; within it, five observed rounds in a row reading 0
 * already withdraw the excuse, so this bounds a query whose metrics went dark and a daemon whose
 * rounds stalled — a round can
 * hang on a thread dump of a stuck JVM — above the 10 s without a round seen on the loaded test
 * machine while the query ran), and
 * how long to wait before trying real-time again
 * ({@code backoff}, default 30s, doubled on each further trip up to eight times), and how long a
 * real-time thread of a progressing query may go without CPU before the watchdog lends it the top
 * priority until its next look ({@code lend-after}, default 2s; 0 never lends). {@link RtWatchdog}
 * and {@link LivelockJudge} say what is watched and how it is judged. Immutable.
 */
public record WatchdogSettings(boolean enabled, Duration period, Duration stall, Duration progressAge,
                               Duration backoff, Duration lendAfter) {
    public static final WatchdogSettings DEFAULT = new WatchdogSettings(true, Duration.ofMillis(200),
            Duration.ofMillis(500), Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(2));

    /** These settings with the watchdog switched off. */
    public WatchdogSettings disabled() {
        return new WatchdogSettings(false, period, stall, progressAge, backoff, lendAfter);
    }

    /** Whether starving threads get the top priority lent for a look. */
    boolean lends() {
        return !lendAfter.isZero();
    }
}
