package dev.lachesis.translators.realtime;

import dev.lachesis.translators.Settings;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.translators.kernel.SchedPolicy;
import dev.lachesis.translators.normalise.IntRange;
import dev.lachesis.translators.normalise.Normaliser;
import dev.lachesis.translators.normalise.Normalisers;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Settings of the {@code rt} translator: {@code policy} ({@code rr}, the default as in the 2023
 * paper, or {@code fifo}), the RT priorities used ({@code lowest} default 1, {@code highest} default
 * 99, within 1–99), {@code normaliser}, {@code smoothing}, the {@code watchdog}, and
 * {@code polling-spes}: what to do when every SPE of the policy runs operator threads that poll
 * their queues ({@code nice}, the default: apply the schedules as nice values; {@code rt}: real
 * time anyway). Immutable.
 *
 * @param realTimeOnPollingSpes whether {@code polling-spes} is {@code rt}
 */
public record RealTimeSettings(SchedPolicy policy, IntRange range, Normaliser normaliser, double smoothing,
                               WatchdogSettings watchdog, boolean realTimeOnPollingSpes) {
    /** @throws ConfigException listing every bad value with the allowed range */
    public static RealTimeSettings bind(ConfigNode node) throws ConfigException {
        Settings s = new Settings(node, Set.of("policy", "lowest", "highest", "normaliser", "smoothing", "watchdog",
                "polling-spes"));
        SchedPolicy policy = s.choice("policy", "rr", List.of("rr", "fifo")).equals("rr") ? SchedPolicy.RR : SchedPolicy.FIFO;
        int lowest = s.integer("lowest", 1, 1, 99);
        int highest = s.integer("highest", 99, 1, 99);
        if (lowest > highest) {
            s.problem("lowest", lowest, "must not be above highest (" + highest + ")");
        }
        Normaliser normaliser = s.normaliser("linear", Normalisers.forLevels());
        double smoothing = s.fraction("smoothing", 0, 0, 1);
        Settings w = s.child("watchdog", Set.of("enabled", "period", "stall", "progress-age", "backoff",
                "lend-after"));
        WatchdogSettings d = WatchdogSettings.DEFAULT;
        WatchdogSettings watchdog = new WatchdogSettings(w.bool("enabled", d.enabled()),
                w.duration("period", d.period(), Duration.ofMillis(10), Duration.ofSeconds(10)),
                w.duration("stall", d.stall(), Duration.ofMillis(50), Duration.ofMinutes(1)),
                w.duration("progress-age", d.progressAge(), Duration.ofMillis(100), Duration.ofMinutes(10)),
                w.duration("backoff", d.backoff(), Duration.ofMillis(100), Duration.ofHours(1)),
                w.duration("lend-after", d.lendAfter(), Duration.ZERO, Duration.ofMinutes(1)));
        boolean realTimeOnPollingSpes = s.choice("polling-spes", "nice", List.of("nice", "rt")).equals("rt");
        s.check();
        return new RealTimeSettings(policy, new IntRange(lowest, highest), normaliser, smoothing, watchdog,
                realTimeOnPollingSpes);
    }
}
