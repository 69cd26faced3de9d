package dev.lachesis.policies.heaviest;

import dev.lachesis.core.config.DurationText;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.OptionalDouble;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * First, do no harm: compares what the queries take in under the policy's schedule with what they
 * take in with the kernel alone, on this machine and these queries, and keeps whichever does better.
 * Now and then it hands the threads back to the kernel for {@code release}, and compares the intake
 * (records a second the sources emit, read each round) over the last half of that release with the
 * intake over as long just before it, so the queues have settled after the switch and both sides
 * face the same load. When the kernel alone took in more than {@code margin} beyond the schedule
 * twice in a row, the schedule is dropped with one log line, and tried again later the same way
 * (it must then beat the kernel by the margin to come back). Every comparison the schedule wins
 * doubles the time to the next, from {@code every} up to {@value #MAX_INTERVAL_FACTOR} times it, so
 * a schedule that helps costs little: with the defaults (every 5 minutes, 40-s releases) the query
 * runs without its schedule for 40 s after 5 minutes, then 10, 20 and from then on 40 minutes after
 * the last release (3 releases in the first hour, then under 2% of the time). Below saturation both sides take in the whole input and the schedule stays. Not
 * thread-safe: the policy's round calls it.
 */
final class KernelCheck {
    private static final Logger LOG = LoggerFactory.getLogger(KernelCheck.class);
    /** How far apart comparisons may grow, in multiples of {@code every}. */
    static final int MAX_INTERVAL_FACTOR = 8;
    /** Losses in a row before the schedule is dropped. */
    static final int STRIKES = 2;

    private record Reading(Instant at, double intake) {
    }

    private final String policy;
    private final Duration every;
    private final Duration release;
    private final double margin;
    private final Deque<Reading> readings = new ArrayDeque<>();
    private boolean scheduleIsIncumbent = true;
    private Duration interval;
    private Instant nextCheck;
    private Instant challengeStarted;
    private double incumbentIntake;
    private int strikes;
    private boolean toldNoIntake;

    /**
     * @param policy the policy's name, for the log
     * @param every the time under the schedule before the first comparison
     * @param release how long the challenger (the kernel alone, or the schedule once dropped) runs in a comparison
     * @param margin by how much more the challenger must take in to win, as a share (0.05: 5%)
     */
    KernelCheck(String policy, Duration every, Duration release, double margin) {
        this.policy = policy;
        this.every = every;
        this.release = release;
        this.margin = margin;
        this.interval = every;
    }

    /**
     * Takes this round's intake (empty when no source reports what it emits) and says whether the
     * schedule applies this round; otherwise every thread is left to the kernel.
     */
    boolean scheduleApplies(Instant now, OptionalDouble intake) {
        intake.ifPresent(value -> readings.addLast(new Reading(now, value)));
        while (!readings.isEmpty() && readings.peekFirst().at().isBefore(now.minus(release.multipliedBy(2)))) {
            readings.removeFirst();
        }
        if (nextCheck == null) {
            nextCheck = now.plus(every);
        }
        if (challengeStarted == null && !now.isBefore(nextCheck)) {
            startChallenge(now);
        } else if (challengeStarted != null && !now.isBefore(challengeStarted.plus(release))) {
            endChallenge(now);
        }
        return challengeStarted == null ? scheduleIsIncumbent : !scheduleIsIncumbent;
    }

    /** Whether the threads are handed to the kernel this round to compare, rather than as the outcome of one. */
    boolean comparing() {
        return challengeStarted != null;
    }

    private void startChallenge(Instant now) {
        OptionalDouble before = mean(now.minus(half()), now);
        if (before.isEmpty()) {
            if (!toldNoIntake) {
                LOG.info("{}: cannot compare its schedule with the kernel alone: no source of its queries reports"
                        + " the records it emits", policy);
                toldNoIntake = true;
            }
            nextCheck = now.plus(interval);
            return;
        }
        incumbentIntake = before.getAsDouble();
        challengeStarted = now;
    }

    private void endChallenge(Instant now) {
        OptionalDouble challenger = mean(now.minus(half()), now.plusNanos(1));
        challengeStarted = null;
        if (challenger.isEmpty()) {
            nextCheck = now.plus(interval);
            return;
        }
        double schedule = scheduleIsIncumbent ? incumbentIntake : challenger.getAsDouble();
        double kernel = scheduleIsIncumbent ? challenger.getAsDouble() : incumbentIntake;
        double ratio = kernel > 0 ? schedule / kernel : schedule > 0 ? Double.POSITIVE_INFINITY : 1;
        if (scheduleIsIncumbent) {
            judgeSchedule(now, ratio, schedule, kernel);
        } else {
            judgeRetry(now, ratio, schedule, kernel);
        }
    }

    private void judgeSchedule(Instant now, double ratio, double schedule, double kernel) {
        if (ratio >= 1 - margin) {
            strikes = 0;
            interval = longer(interval);
            nextCheck = now.plus(interval);
            LOG.info("{}: its schedule took in {} records/s where the kernel alone took {} (x{}); comparing again in {}",
                    policy, rate(schedule), rate(kernel), ratio(ratio), text(interval));
            return;
        }
        strikes++;
        if (strikes < STRIKES) {
            nextCheck = now.plus(release.multipliedBy(2));
            LOG.info("{}: its schedule took in {} records/s where the kernel alone took {} (x{}); comparing again in {}"
                    + " before leaving the threads to the kernel", policy, rate(schedule), rate(kernel), ratio(ratio),
                    text(release.multipliedBy(2)));
            return;
        }
        strikes = 0;
        scheduleIsIncumbent = false;
        interval = every;
        nextCheck = now.plus(interval);
        LOG.warn("{}: its schedule took in {} records/s where the kernel alone took {} (x{}, {} times in a row);"
                        + " leaving the threads to the kernel and trying the schedule again in {}", policy,
                rate(schedule), rate(kernel), ratio(ratio), STRIKES, text(interval));
    }

    private void judgeRetry(Instant now, double ratio, double schedule, double kernel) {
        if (ratio > 1 + margin) {
            scheduleIsIncumbent = true;
            interval = every;
            nextCheck = now.plus(interval);
            LOG.info("{}: its schedule took in {} records/s where the kernel alone took {} (x{}); scheduling again",
                    policy, rate(schedule), rate(kernel), ratio(ratio));
            return;
        }
        interval = longer(interval);
        nextCheck = now.plus(interval);
        LOG.info("{}: its schedule still took in {} records/s where the kernel alone took {} (x{}); leaving the"
                + " threads to the kernel, trying again in {}", policy, rate(schedule), rate(kernel), ratio(ratio),
                text(interval));
    }

    private Duration half() {
        return release.dividedBy(2);
    }

    private Duration longer(Duration current) {
        Duration doubled = current.multipliedBy(2);
        Duration max = every.multipliedBy(MAX_INTERVAL_FACTOR);
        return doubled.compareTo(max) > 0 ? max : doubled;
    }

    /** The mean intake of the readings taken in [from, to), empty with fewer than three. */
    private OptionalDouble mean(Instant from, Instant to) {
        double sum = 0;
        int count = 0;
        for (Reading r : readings) {
            if (!r.at().isBefore(from) && r.at().isBefore(to)) {
                sum += r.intake();
                count++;
            }
        }
        return count < 3 ? OptionalDouble.empty() : OptionalDouble.of(sum / count);
    }

    private static String rate(double recordsPerSecond) {
        return String.format(Locale.ROOT, "%.0f", recordsPerSecond);
    }

    private static String ratio(double ratio) {
        return String.format(Locale.ROOT, "%.2f", ratio);
    }

    private static String text(Duration d) {
        return DurationText.format(d);
    }
}
