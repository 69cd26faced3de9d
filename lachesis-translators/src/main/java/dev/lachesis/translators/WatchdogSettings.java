package dev.lachesis.translators;

import java.time.Duration;

/**
 * Settings of the real-time progress watchdog ({@code watchdog} under the {@code rt} translator's
 * settings): whether it runs (default yes), how often it looks ({@code period}, default 200ms), how
 * long a watched runnable thread may get no CPU before the RT threads are demoted ({@code stall},
 * default 500ms; {@link RtWatchdog} says which threads are watched), and how long to wait before trying real-time again ({@code backoff}, default 30s, doubled
 * on each further trip up to eight times). Immutable.
 */
public record WatchdogSettings(boolean enabled, Duration period, Duration stall, Duration backoff) {
    public static final WatchdogSettings DEFAULT = new WatchdogSettings(true, Duration.ofMillis(200),
            Duration.ofMillis(500), Duration.ofSeconds(30));
}
