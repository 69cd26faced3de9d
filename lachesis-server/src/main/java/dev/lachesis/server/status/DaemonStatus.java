package dev.lachesis.server.status;

import dev.lachesis.core.loop.ThreadRow;
import dev.lachesis.core.logging.ConditionLog;
import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.loop.ScheduledPolicy;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.core.spi.TranslatorCondition;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the daemon is doing, kept from its rounds for the status endpoint: per policy its last round
 * and the threads it controls, the SPEs and queries seen, the conditions failing now, and the
 * counters {@code /metrics} exports. It listens to the loop's rounds (on the loop's thread) and is
 * read by the endpoint's threads; every method is synchronized and copies what it returns.
 */
public final class DaemonStatus implements Consumer<RoundResult> {
    /** Upper bounds of the round-duration histogram, seconds. */
    static final double[] DURATION_BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};
    /** Rounds late by this many periods of the most frequent policy (plus a grace) make the daemon unhealthy. */
    private static final int LATE_PERIODS = 3;
    private static final Duration LATE_GRACE = Duration.ofSeconds(5);

    private final String version;
    private final Clock clock;
    private final Instant startedAt;
    private final boolean applying;
    private final Supplier<List<ScheduledPolicy>> policies;
    private final Supplier<List<ConditionLog.Active>> conditions;
    private final ProcFs proc;
    private final Map<String, PolicyRun> lastRuns = new LinkedHashMap<>();
    private final Map<String, List<ThreadRow>> threadsByPolicy = new LinkedHashMap<>();
    private final Map<String, List<String>> queriesBySpe = new LinkedHashMap<>();
    private final long[] durationBucketCounts = new long[DURATION_BUCKETS.length];
    private final Map<RoundReport.Outcome, Long> roundsByOutcome = new LinkedHashMap<>();
    private double durationSecondsSum;
    private RoundReport lastRound;

    /**
     * @param version the daemon's version, as {@code --version} prints it
     * @param applying whether rounds apply their schedules ({@code false} in a dry run)
     * @param policies the policies running now, in configuration order (a reload changes them)
     * @param conditions the loop's conditions failing now
     */
    public DaemonStatus(String version, Clock clock, boolean applying, Supplier<List<ScheduledPolicy>> policies,
                        Supplier<List<ConditionLog.Active>> conditions, ProcFs proc) {
        this.version = Objects.requireNonNull(version, "version");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.startedAt = clock.instant();
        this.applying = applying;
        this.policies = Objects.requireNonNull(policies, "policies");
        this.conditions = Objects.requireNonNull(conditions, "conditions");
        this.proc = Objects.requireNonNull(proc, "proc");
        for (RoundReport.Outcome outcome : RoundReport.Outcome.values()) {
            roundsByOutcome.put(outcome, 0L);
        }
    }

    @Override
    public synchronized void accept(RoundResult round) {
        RoundReport report = round.report();
        lastRound = report;
        double seconds = report.duration().toNanos() / 1e9;
        durationSecondsSum += seconds;
        for (int i = 0; i < DURATION_BUCKETS.length; i++) {
            if (seconds <= DURATION_BUCKETS[i]) {
                durationBucketCounts[i]++;
            }
        }
        roundsByOutcome.merge(report.outcome(), 1L, Long::sum);
        for (Map.Entry<String, SpeState> spe : round.states().entrySet()) {
            queriesBySpe.put(spe.getKey(), spe.getValue().queries().stream().map(Query::name).toList());
        }
        Map<String, List<ThreadRow>> rows = new HashMap<>();
        for (ThreadRow row : ThreadRow.of(round)) {
            rows.computeIfAbsent(row.policy(), p -> new ArrayList<>()).add(row);
        }
        for (String policy : report.due()) {
            if (report.completed().contains(policy)) {
                List<ThreadRow> now = rows.getOrDefault(policy, List.of());
                int changed = changed(threadsByPolicy.getOrDefault(policy, List.of()), now);
                threadsByPolicy.put(policy, List.copyOf(now));
                lastRuns.put(policy, new PolicyRun(report.startedAt(), report.duration().toNanos() / 1e6,
                        applying ? "applied" : "planned", now.size(), changed, null));
            } else {
                int kept = threadsByPolicy.getOrDefault(policy, List.of()).size();
                lastRuns.put(policy, new PolicyRun(report.startedAt(), report.duration().toNanos() / 1e6, "kept",
                        kept, 0, problemOf(policy, report)));
            }
        }
    }

    /** How many threads of {@code now} are new or have another value than in {@code before}. */
    private static int changed(List<ThreadRow> before, List<ThreadRow> now) {
        Map<String, Long> values = new HashMap<>();
        for (ThreadRow row : before) {
            values.put(key(row), row.value());
        }
        int changed = 0;
        for (ThreadRow row : now) {
            Long old = values.get(key(row));
            if (old == null || old != row.value()) {
                changed++;
            }
        }
        return changed;
    }

    private static String key(ThreadRow row) {
        return row.pid() + "/" + row.tid() + "/" + row.group();
    }

    /** The round's problem line that names {@code policy}, else all of them. */
    private static String problemOf(String policy, RoundReport report) {
        for (String problem : report.problems()) {
            if (problem.contains("'" + policy + "'")) {
                return problem;
            }
        }
        return String.join("; ", report.problems());
    }

    /** The daemon now: version, uptime, SPEs and queries, each policy's last round, failing conditions, health. */
    public synchronized StatusView status() {
        Instant now = clock.instant();
        List<StatusView.PolicyView> policyViews = new ArrayList<>();
        for (ScheduledPolicy policy : policies.get()) {
            policyViews.add(new StatusView.PolicyView(policy.name(), policy.period().toMillis() / 1000.0, policy.spes(),
                    lastRuns.get(policy.name())));
        }
        List<StatusView.SpeView> spes = new ArrayList<>();
        queriesBySpe.forEach((spe, queries) -> spes.add(new StatusView.SpeView(spe, queries)));
        return new StatusView(version, startedAt, Duration.between(startedAt, now).toMillis() / 1000.0, applying, spes,
                policyViews, activeConditions(), health(now));
    }

    /** The loop's failing conditions, then what holds each policy's translator back (real time demoted). */
    private List<ConditionLog.Active> activeConditions() {
        List<ConditionLog.Active> active = new ArrayList<>(conditions.get());
        for (ScheduledPolicy policy : policies.get()) {
            for (TranslatorCondition c : policy.translator().conditions()) {
                active.add(new ConditionLog.Active("policy " + policy.name() + " translator", c.since(), 1, c.message()));
            }
        }
        return active;
    }

    /** Every thread the policies control, as last set, each with what {@code /proc} reports for it now. */
    public List<ScheduledThread> schedule() {
        List<ThreadRow> rows = new ArrayList<>();
        synchronized (this) {
            threadsByPolicy.values().forEach(rows::addAll);
        }
        List<ScheduledThread> threads = new ArrayList<>(rows.size());
        for (ThreadRow row : rows) {
            threads.add(new ScheduledThread(row, ReadBack.of(proc, row.pid(), row.tid()).orElse(null)));
        }
        return threads;
    }

    /** Healthy while the last round applied every due policy and rounds come on time. */
    public synchronized Health health() {
        return health(clock.instant());
    }

    private Health health(Instant now) {
        if (lastRound == null) {
            Duration waited = Duration.between(startedAt, now);
            return waited.compareTo(lateAfter()) > 0
                    ? new Health(false, "no scheduling round has run in the " + waited.toSeconds() + " s since the start")
                    : new Health(false, "no scheduling round has run yet");
        }
        Duration since = Duration.between(lastRound.startedAt(), now);
        if (since.compareTo(lateAfter()) > 0) {
            return new Health(false, "no scheduling round for " + since.toSeconds() + " s (the last at "
                    + lastRound.startedAt() + ")");
        }
        if (lastRound.outcome() != RoundReport.Outcome.OK) {
            return new Health(false, "the last round (" + lastRound.startedAt() + ") kept the last priorities: "
                    + String.join("; ", lastRound.problems()));
        }
        return new Health(true, "ok");
    }

    private Duration lateAfter() {
        Duration shortest = policies.get().stream().map(ScheduledPolicy::period).min(Duration::compareTo)
                .orElse(Duration.ofSeconds(1));
        return shortest.multipliedBy(LATE_PERIODS).plus(LATE_GRACE);
    }

    /** The counters and gauges {@code /metrics} exports. */
    public synchronized MetricsView metrics() {
        Map<String, Integer> controlled = new LinkedHashMap<>();
        for (ScheduledPolicy policy : policies.get()) {
            controlled.put(policy.name(), threadsByPolicy.getOrDefault(policy.name(), List.of()).size());
        }
        Map<String, Long> demotions = new LinkedHashMap<>();
        for (ScheduledPolicy policy : policies.get()) {
            if (policy.translator().isRealTime()) {
                demotions.put(policy.name(), policy.translator().realTimeDemotions());
            }
        }
        int pid = (int) ProcessHandle.current().pid();
        return new MetricsView(DURATION_BUCKETS.clone(), durationBucketCounts.clone(), durationSecondsSum,
                new LinkedHashMap<>(roundsByOutcome), controlled, demotions, activeConditions().size(),
                Duration.between(startedAt, clock.instant()).toMillis() / 1000.0, health(clock.instant()).healthy(),
                proc.processStat(pid).map(TaskStat::cpuSeconds).orElse(Double.NaN), residentBytes(pid));
    }

    /** The {@code VmRSS} of {@code /proc/<pid>/status} in bytes, NaN when it cannot be read. */
    private double residentBytes(int pid) {
        return proc.statusField(pid, "VmRSS").filter(v -> v.endsWith(" kB"))
                .map(v -> Double.parseDouble(v.substring(0, v.length() - 3).strip()) * 1024).orElse(Double.NaN);
    }
}
