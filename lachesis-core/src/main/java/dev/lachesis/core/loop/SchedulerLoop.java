package dev.lachesis.core.loop;

import dev.lachesis.core.logging.ConditionLog;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.TranslatorException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's main loop (2021 paper, Algorithm 1). Each policy has its own period; the loop wakes
 * at the next time a policy is due (computed from the injected clock, so periods do not drift) and,
 * in that round, refreshes the state of the SPE instances the due policies schedule, resolves their
 * metrics, runs the due policies and hands each schedule to the policy's translator. The first round
 * starts just after a wall-clock second boundary, so "the last complete second" of Graphite's 1 s
 * buckets is well defined.
 *
 * <p>A round that fails — an SPE that cannot be seen, a translator the kernel refuses, a plug-in
 * that throws — is logged once per condition (and once when it clears); the policies it affects keep
 * their last applied priorities and the loop carries on. {@link #close()} stops the loop, waits
 * (boundedly) for a round in flight and then restores every thread. Thread-safe: one thread runs rounds; any thread
 * may read reports or close.
 */
public final class SchedulerLoop implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SchedulerLoop.class);
    /** How far after a second boundary the first round starts. */
    static final Duration PHASE = Duration.ofMillis(1);
    /** The longest single wait, so a clock change is noticed within this time. */
    private static final Duration MAX_WAIT = Duration.ofMinutes(1);
    /** The condition key of a round that failed outside any plug-in. */
    private static final String ROUND = "round";
    /** How many round reports are kept. */
    public static final int HISTORY = 120;
    /**
     * How long {@link #close()} waits for a round in flight before it restores the threads anyway: a
     * round can hang on a thread dump of a starved JVM or on a slow metric store, and a daemon asked to
     * stop must give the threads back within the time a service manager allows (systemd: 90 s,
     * Docker: 10 s). Translators refuse to apply once closed, so the late round changes nothing.
     */
    static final Duration LAST_ROUND_GRACE = Duration.ofSeconds(3);
    /** What a failed round means for the threads, said when a condition starts. */
    private static final String KEEPING = " (keeping the last applied priorities until this clears)";

    /** What the policy file assembled into; replaced by {@link #replace} (guarded by {@code this}). */
    private volatile Assembly assembly;
    private final Clock clock;
    private final boolean apply;
    private final Consumer<RoundResult> onRound;
    private final Duration lastRoundGrace;
    private final Map<String, Spe> spesByName = new LinkedHashMap<>();
    private final Map<String, Instant> nextDue = new HashMap<>();
    /** One line when a condition starts, one when it clears, under the name ConditionLog as before. */
    private final ConditionLog conditions;
    private final Deque<RoundReport> history = new ArrayDeque<>();
    private final Object wakeUp = new Object();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final CountDownLatch restored = new CountDownLatch(1);
    private volatile boolean stopping;
    /** Set by {@link #replace} so a sleeping loop looks again at when its policies are due (guarded by {@code wakeUp}). */
    private boolean rescheduled;
    private volatile Thread thread;
    private volatile Throwable death;

    public SchedulerLoop(Assembly assembly, Clock clock) {
        this(assembly, clock, true, round -> { });
    }

    /**
     * A loop that may only plan, and that shows each periodic round to a listener (such as
     * {@code run --rounds}, which prints it).
     *
     * @param apply whether rounds apply their schedules; {@code false} plans them only and changes no thread
     * @param onRound called on the loop's thread after each periodic round; what it throws is logged and ignored
     */
    public SchedulerLoop(Assembly assembly, Clock clock, boolean apply, Consumer<RoundResult> onRound) {
        this(assembly, clock, apply, onRound, LAST_ROUND_GRACE);
    }

    // VisibleForTesting
    SchedulerLoop(Assembly assembly, Clock clock, boolean apply, Consumer<RoundResult> onRound,
                  Duration lastRoundGrace) {
        this.lastRoundGrace = Objects.requireNonNull(lastRoundGrace, "lastRoundGrace");
        this.assembly = Objects.requireNonNull(assembly, "assembly");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.apply = apply;
        this.onRound = Objects.requireNonNull(onRound, "onRound");
        this.conditions = ConditionLog.reporting(LoggerFactory.getLogger(ConditionLog.class), clock);
        spesByName.putAll(spesOf(assembly));
    }

    /** The assembly's SPE instances by name, checking that its policies schedule only those. */
    private static Map<String, Spe> spesOf(Assembly assembly) {
        Map<String, Spe> spes = new LinkedHashMap<>();
        for (Spe spe : assembly.spes()) {
            spes.put(spe.name(), spe);
        }
        for (ScheduledPolicy policy : assembly.policies()) {
            for (String spe : policy.spes()) {
                if (!spes.containsKey(spe)) {
                    throw new IllegalArgumentException("policy " + policy.name() + " schedules unknown SPE " + spe);
                }
            }
        }
        return spes;
    }

    /**
     * Switches to {@code next}, the assembly of a reloaded policy file, between two rounds. Where a
     * policy of the same name ran before, its new translator may take over the threads the old one
     * changed ({@link dev.lachesis.core.spi.Translator#takeOver}), which then keep their settings;
     * every other old translator restores its threads first. A policy with the same name and period
     * keeps its phase; any other is due at once. The old drivers and metric sources are released.
     *
     * @throws IllegalStateException when the loop is closed; {@code next} is then closed too
     */
    public void replace(Assembly next) {
        Map<String, Spe> nextSpes = spesOf(next);
        synchronized (this) {
            if (closed.get()) {
                next.close();
                throw new IllegalStateException("the scheduler loop is closed");
            }
            Assembly previous = assembly;
            Map<String, ScheduledPolicy> before = new HashMap<>();
            previous.policies().forEach(p -> before.put(p.name(), p));
            for (ScheduledPolicy policy : next.policies()) {
                ScheduledPolicy old = before.get(policy.name());
                if (old != null) {
                    policy.translator().takeOver(old.translator());
                }
                if (old == null || !old.period().equals(policy.period())) {
                    nextDue.remove(policy.name());
                }
            }
            nextDue.keySet().retainAll(next.policies().stream().map(ScheduledPolicy::name).toList());
            forgetConditionsOfPartsGone(previous, next);
            previous.close();
            spesByName.clear();
            spesByName.putAll(nextSpes);
            assembly = next;
        }
        if (closed.get()) {
            // close() may have taken the previous assembly just before the switch: this one is then closed here.
            next.close();
        }
        synchronized (wakeUp) {
            rescheduled = true;
            wakeUp.notifyAll();
        }
    }

    /** Starts the loop's thread; the first round runs just after the next wall-clock second. */
    public synchronized void start() {
        if (thread != null || stopping) {
            throw new IllegalStateException("the scheduler loop was already started");
        }
        Instant first = firstRoundAfter(clock.instant());
        for (ScheduledPolicy policy : assembly.policies()) {
            nextDue.put(policy.name(), first);
        }
        Thread t = new Thread(this::loop, "lachesis-scheduler");
        thread = t;
        LOG.info("Scheduling {} SPE instance(s) with {} polic{}; first round at {}", spesByName.size(),
                assembly.policies().size(), assembly.policies().size() == 1 ? "y" : "ies", first);
        t.start();
    }

    /** The next whole second after {@code now}, plus {@link #PHASE}. */
    static Instant firstRoundAfter(Instant now) {
        return now.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1).plus(PHASE);
    }

    private void loop() {
        try {
            while (!stopping) {
                Instant now = clock.instant();
                Instant wake = nextWakeUp();
                if (wake.isAfter(now)) {
                    sleepUntil(now, wake);
                    continue;
                }
                try {
                    RoundResult round = runRound(now);
                    conditions.cleared(ROUND);
                    tell(round);
                } catch (RuntimeException e) {
                    conditions.failed(ROUND, "a scheduling round failed: " + e + KEEPING, e);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("Scheduler loop interrupted; stopping");
        } catch (Throwable e) {
            death = e;
            LOG.error("Scheduler loop stopped by {}; restoring all threads", e.toString(), e);
        } finally {
            if (death != null) {
                close();
            }
            stopped.countDown();
        }
    }

    private void tell(RoundResult round) {
        if (round.report().due().isEmpty()) {
            return;
        }
        try {
            onRound.accept(round);
        } catch (RuntimeException e) {
            LOG.warn("The round listener failed: {}", e.toString(), e);
        }
    }

    /** Waits until {@code wake} by the wall clock, or until {@link #close()}; at most {@link #MAX_WAIT} at once. */
    private void sleepUntil(Instant now, Instant wake) throws InterruptedException {
        Duration wait = Duration.between(now, wake);
        long millis = wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT.toMillis() : (wait.toNanos() + 999_999) / 1_000_000;
        synchronized (wakeUp) {
            if (!stopping && !rescheduled) {
                wakeUp.wait(millis);
            }
            rescheduled = false;
        }
    }

    /** When the next policy is due. */
    // VisibleForTesting
    synchronized Instant nextWakeUp() {
        Instant earliest = null;
        for (ScheduledPolicy policy : assembly.policies()) {
            Instant due = nextDue.getOrDefault(policy.name(), Instant.MIN);
            if (earliest == null || due.isBefore(earliest)) {
                earliest = due;
            }
        }
        return earliest == null ? Instant.MAX : earliest;
    }

    /**
     * Runs the policies due at {@code now} and applies their schedules; a policy that never ran is
     * due. Each policy's next due time moves by whole periods, keeping its phase.
     */
    // VisibleForTesting
    synchronized RoundResult runRound(Instant now) {
        List<ScheduledPolicy> due = new ArrayList<>();
        for (ScheduledPolicy policy : assembly.policies()) {
            Instant when = nextDue.get(policy.name());
            if (when == null || !when.isAfter(now)) {
                due.add(policy);
                nextDue.put(policy.name(), nextAfter(when == null ? now : when, policy.period(), now));
            }
        }
        if (due.isEmpty()) {
            // Woken early (a clock step): nothing ran, so nothing is recorded as a round.
            return new RoundResult(new RoundReport(now, Duration.ZERO, List.of(), List.of(), List.of()), Map.of(),
                    Map.of());
        }
        return execute(now, due, apply);
    }

    /**
     * Runs every policy once, now, whatever its period (the {@code once} command).
     *
     * @param apply whether to apply the schedules, or only plan them ({@code --dry-run})
     */
    public synchronized RoundResult runOnce(boolean apply) {
        return execute(clock.instant(), assembly.policies(), apply);
    }

    private static Instant nextAfter(Instant due, Duration period, Instant now) {
        Instant next = due.plus(period);
        if (!next.isAfter(now)) {
            long missed = Duration.between(next, now).toNanos() / period.toNanos() + 1;
            next = next.plus(period.multipliedBy(missed));
        }
        return next;
    }

    private RoundResult execute(Instant now, List<ScheduledPolicy> due, boolean apply) {
        long start = System.nanoTime();
        List<String> problems = new ArrayList<>();
        Map<String, SpeState> states = new LinkedHashMap<>();
        Map<String, SpeRound> rounds = new HashMap<>();
        Map<String, TranslationPlan> plans = new LinkedHashMap<>();
        Set<String> needed = new LinkedHashSet<>();
        due.forEach(p -> needed.addAll(p.spes()));
        for (String name : needed) {
            refresh(spesByName.get(name), states, rounds, problems);
        }
        for (ScheduledPolicy policy : due) {
            List<SpeRound> input = new ArrayList<>();
            for (String spe : policy.spes()) {
                if (rounds.containsKey(spe)) {
                    input.add(rounds.get(spe));
                }
            }
            if (input.size() < policy.spes().size()) {
                problems.add("policy '" + policy.name()
                        + "' kept its last priorities: an SPE it schedules could not be seen");
                observeWithout(policy, new PolicyInput(now, input), problems);
                continue;
            }
            TranslationPlan plan = schedule(policy, now, input, apply, problems);
            if (plan != null) {
                plans.put(policy.name(), plan);
            }
        }
        RoundReport report = new RoundReport(now, Duration.ofNanos(System.nanoTime() - start),
                due.stream().map(ScheduledPolicy::name).toList(), List.copyOf(plans.keySet()), problems);
        remember(report);
        LOG.debug("Round at {} took {} ms: {} {}", now, report.duration().toMillis(), report.outcome(),
                report.completed());
        return new RoundResult(report, states, plans);
    }

    private void refresh(Spe spe, Map<String, SpeState> states, Map<String, SpeRound> rounds, List<String> problems) {
        String key = "spe " + spe.name();
        try {
            SpeState state = spe.driver().refresh();
            states.put(spe.name(), state);
            Map<String, MetricValues> metrics = assembly.metrics().update(state, spe.driver());
            rounds.put(spe.name(), new SpeRound(state, metrics));
            conditions.cleared(key);
        } catch (DriverException e) {
            String message = "SPE '" + spe.name() + "' cannot be seen: " + e.getMessage();
            conditions.failed(key, message + KEEPING, e);
            problems.add(message);
        } catch (RuntimeException e) {
            String message = "the driver of SPE '" + spe.name() + "' failed: " + e;
            conditions.failed(key, message + KEEPING, e);
            problems.add(message);
        }
    }

    private TranslationPlan schedule(ScheduledPolicy policy, Instant now, List<SpeRound> input, boolean apply,
                                     List<String> problems) {
        String key = "policy " + policy.name();
        try {
            PolicyInput round = new PolicyInput(now, input);
            policy.translator().observe(round);
            Schedule schedule = policy.policy().schedule(round);
            TranslationPlan plan = policy.translator().plan(schedule);
            TranslationPlan result = apply ? policy.translator().apply(plan) : plan;
            conditions.cleared(key);
            return result;
        } catch (TranslatorException e) {
            String message = "policy '" + policy.name() + "' could not apply its schedule: " + e.getMessage();
            conditions.failed(key, message + KEEPING, e);
            problems.add(message);
        } catch (RuntimeException e) {
            String message = "policy '" + policy.name() + "' failed: " + e;
            conditions.failed(key, message + KEEPING, e);
            problems.add(message);
        }
        return null;
    }

    /**
     * Shows the translator of a policy that cannot run this round what could be seen, so it counts
     * the round (the real-time watchdog judges a query's progress stale after rounds without it).
     */
    private void observeWithout(ScheduledPolicy policy, PolicyInput round, List<String> problems) {
        try {
            policy.translator().observe(round);
        } catch (RuntimeException e) {
            String message = "policy '" + policy.name() + "' failed: " + e;
            conditions.failed("policy " + policy.name(), message + KEEPING, e);
            problems.add(message);
        }
    }

    private void remember(RoundReport report) {
        synchronized (history) {
            if (history.size() == HISTORY) {
                history.removeFirst();
            }
            history.addLast(report);
        }
    }

    /** Drops, without a line, the failing conditions of SPEs and policies the reloaded file no longer has. */
    private void forgetConditionsOfPartsGone(Assembly previous, Assembly next) {
        Set<String> kept = new HashSet<>();
        next.spes().forEach(spe -> kept.add("spe " + spe.name()));
        next.policies().forEach(policy -> kept.add("policy " + policy.name()));
        previous.spes().stream().map(spe -> "spe " + spe.name()).filter(key -> !kept.contains(key))
                .forEach(conditions::forget);
        previous.policies().stream().map(policy -> "policy " + policy.name()).filter(key -> !kept.contains(key))
                .forEach(conditions::forget);
    }

    /** The policies it runs now, in the order of the policy file (a {@link #replace} changes them). */
    public List<ScheduledPolicy> policies() {
        return assembly.policies();
    }

    /** The conditions failing now (an SPE not seen, a policy the kernel refuses), in the order they started. */
    public List<ConditionLog.Active> activeConditions() {
        return conditions.active();
    }

    /** The most recent rounds, oldest first (at most {@link #HISTORY}). */
    public List<RoundReport> recentRounds() {
        synchronized (history) {
            return List.copyOf(history);
        }
    }

    /**
     * Waits until the loop's thread ends (after {@link #close()}, or when it dies).
     *
     * @return whether it ended normally
     */
    public boolean awaitTermination() throws InterruptedException {
        stopped.await();
        return death == null;
    }

    /**
     * Stops the loop, waits up to {@link #LAST_ROUND_GRACE} for a round in flight, then restores every thread the translators touched
     * and releases drivers and metric sources. Called by the shutdown hook on SIGTERM/SIGINT and when
     * the loop's thread dies; a second call waits until the first has restored every thread.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            if (Thread.currentThread() != thread) {
                awaitRestored();
            }
            return;
        }
        synchronized (wakeUp) {
            stopping = true;
            wakeUp.notifyAll();
        }
        Thread t = thread;
        if (t != null && t != Thread.currentThread()) {
            awaitLastRound(t);
        }
        if (t == null) {
            stopped.countDown();
        }
        try {
            assembly.close();
            LOG.info("Stopped");
        } finally {
            restored.countDown();
        }
    }

    /** Waits up to {@link #lastRoundGrace} for the loop's thread; a round still running then is interrupted. */
    private void awaitLastRound(Thread t) {
        try {
            t.join(lastRoundGrace.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("Interrupted while waiting for the last round; restoring threads now");
            return;
        }
        if (t.isAlive()) {
            LOG.warn("The round in flight did not end within {} s of the stop; restoring threads without it",
                    lastRoundGrace.toMillis() / 1000.0);
            t.interrupt();
        }
    }

    private void awaitRestored() {
        try {
            restored.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("Interrupted while another thread restores the threads");
        }
    }
}
