package dev.lachesis.policies.heaviest;

import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.schedule.PriorityScale;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import dev.lachesis.policies.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * HEAVIEST-FIRST, the default policy: what a user who tunes a query by hand does, done for every
 * query and kept up to date. Beyond saturation on a small machine, the hand-set priority that wins
 * (FACTS.md) favours the operator that takes the most CPU (nice −20), then the source (−10), and
 * leaves every other thread to the kernel (0). This policy measures the CPU every operator takes
 * from {@code /proc} ({@value MetricNames#CPU_USAGE}, replicas together), picks each query's
 * heaviest operators with hysteresis ({@link HeavyOperators}: smoothed over {@code smoothing}, an
 * operator joins at {@code join} of the heaviest's CPU and leaves below {@code leave}, each only after
 * {@code confirm}), and gives their threads the whole way to the translator's most favourable value,
 * the query's sources {@code source-level} of it, and every other thread 0: the kernel's default.
 * Levels move by at most a full swing per {@code ramp} ({@link LevelRamp}). The priorities are on the
 * {@link PriorityScale#FROM_NEUTRAL} scale, so with {@code translator: nice} and its default range a
 * heavy operator gets nice −20, a source −10 and the rest 0, and no thread is ever pushed below the
 * kernel's default.
 *
 * <p>Why the CPU taken and not the queues: beyond saturation every operator processes at its query's
 * pace, so the CPU each takes is its cost per source record times that pace and hardly changes when
 * the schedule does; queues swing with the schedule (a favoured operator drains its queue, and a
 * policy reading queues then demotes it), which made queue-driven policies flip operators between
 * nice −20 and 19 from one round to the next on queries they were not designed with. It is DS2's
 * view (FACTS.md) with one core: the operator that needs the most CPU for what the query takes in is
 * the one to let run.
 *
 * <p>With {@code kernel-check} on (the default), {@link KernelCheck} compares the queries' intake
 * under this schedule with the kernel alone now and then, and leaves the threads to the kernel when
 * the schedule does worse. Needs {@value MetricNames#CPU_USAGE} (the daemon measures it for every
 * SPE) and {@value MetricNames#EMITTED_RATE} (the sources' output, for the check). Each thread's
 * explanation holds its physical operator's {@value MetricNames#CPU_USAGE} this round, what the
 * policy made of it ({@value #USAGE}, {@value #SHARE}, {@value #TARGET}), so recorded rounds
 * ({@code run --rounds json}) can be fed to it again. Not thread-safe: call it from the main loop only.
 */
public final class HeaviestFirstPolicy implements Policy {
    /** Explanation key of the operator's smoothed CPU usage, share of a core. */
    public static final String USAGE = "cpu-usage-smoothed";
    /** Explanation key of the operator's smoothed CPU usage over its query's heaviest operator's. */
    public static final String SHARE = "share-of-heaviest";
    /** Explanation key of the level the policy wants for the operator, before the ramp. */
    public static final String TARGET = "target-level";
    /** Explanation key present (1) while the threads are handed to the kernel to compare. */
    public static final String COMPARING = "kernel-comparison";

    private final String name;
    private final Settings settings;
    private final HeavyOperators heavy;
    private final LevelRamp<OperatorKey> ramp;
    private final KernelCheck check;

    public HeaviestFirstPolicy(String name, Settings settings) {
        this.name = Objects.requireNonNull(name, "name");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.heavy = new HeavyOperators(settings.smoothing(), settings.confirm(), settings.join(), settings.leave());
        this.ramp = new LevelRamp<>(settings.ramp());
        this.check = settings.kernelCheck()
                ? new KernelCheck(name, settings.checkEvery(), settings.checkRelease(), settings.checkMargin())
                : null;
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of(MetricNames.CPU_USAGE, MetricNames.EMITTED_RATE);
    }

    @Override
    public ScheduleForm form() {
        return ScheduleForm.SINGLE_PRIORITY;
    }

    @Override
    public Schedule schedule(PolicyInput input) {
        Map<OperatorKey.QueryKey, Map<OperatorKey, Double>> usage = new LinkedHashMap<>();
        double intake = 0;
        boolean intakeKnown = false;
        for (SpeRound round : input.spes()) {
            SpeState state = round.state();
            MetricValues cpu = round.metric(MetricNames.CPU_USAGE);
            MetricValues emitted = round.metric(MetricNames.EMITTED_RATE);
            for (PhysicalOperator op : state.operators()) {
                OperatorKey key = OperatorKey.of(state.speName(), op);
                usage.computeIfAbsent(key.queryKey(), q -> new HashMap<>())
                        .merge(key, cpu.getOrDefault(op.id(), 0), Double::sum);
                OptionalDouble out = emitted.get(op.id());
                if (out.isPresent() && Topology.isSource(state, op)) {
                    intake += out.getAsDouble();
                    intakeKnown = true;
                }
            }
        }
        heavy.update(input.now(), usage);
        boolean applies = check == null
                || check.scheduleApplies(input.now(), intakeKnown ? OptionalDouble.of(intake) : OptionalDouble.empty());
        boolean comparing = check != null && check.comparing();
        ramp.startRound(input.now());
        List<ThreadPriority> threads = new ArrayList<>();
        for (SpeRound round : input.spes()) {
            SpeState state = round.state();
            for (OperatorThread thread : Topology.schedulableThreads(state)) {
                Optional<PhysicalOperator> op = thread.operator().flatMap(state::operator);
                Map<String, Double> explained = new LinkedHashMap<>();
                double level = 0;
                if (op.isPresent()) {
                    OperatorKey key = OperatorKey.of(state.speName(), op.get());
                    double target = applies ? target(key, Topology.isSource(state, op.get())) : 0;
                    level = ramp.toward(key, target);
                    explained.put(MetricNames.CPU_USAGE, round.metric(MetricNames.CPU_USAGE).getOrDefault(op.get().id(),
                            Double.NaN));
                    explained.put(USAGE, heavy.smoothedUsage(key));
                    explained.put(SHARE, heavy.shareOfHeaviest(key));
                    explained.put(TARGET, target);
                }
                if (comparing) {
                    explained.put(COMPARING, 1.0);
                }
                threads.add(new ThreadPriority(state.speName(), thread, level, explained));
            }
        }
        return new SinglePrioritySchedule(name, threads, OptionalDouble.empty(), PriorityScale.FROM_NEUTRAL);
    }

    /** 1 for a heavy operator, {@code source-level} for a source of a query that has one, 0 for the rest. */
    private double target(OperatorKey key, boolean source) {
        if (heavy.isHeavy(key)) {
            return 1;
        }
        return source && heavy.hasHeavy(key.queryKey()) ? settings.sourceLevel() : 0;
    }

    @Override
    public String toString() {
        return "heaviest-first" + settings;
    }

    /**
     * HEAVIEST-FIRST's settings; every one has a default.
     *
     * @param smoothing time constant of the smoothing of each operator's CPU ({@code 10s})
     * @param confirm how long an operator must stay across a threshold to join or leave the heaviest ({@code 10s})
     * @param join share of the heaviest operator's CPU from which an operator counts as heavy too ({@code 0.8})
     * @param leave share below which a heavy operator stops being one ({@code 0.5})
     * @param sourceLevel how far a query's sources are favoured, as a share of the way its heavy operators are ({@code 0.5})
     * @param ramp the time a thread takes to move across the whole way ({@code 4s})
     * @param kernelCheck whether to compare with the kernel alone now and then and keep the better ({@code true})
     * @param checkEvery time under the schedule before the first comparison; doubles while the schedule wins ({@code 5m})
     * @param checkRelease how long a comparison hands the threads to the kernel ({@code 40s})
     * @param checkMargin by how much more the kernel alone must take in to win ({@code 0.05})
     */
    public record Settings(Duration smoothing, Duration confirm, Double join, Double leave, Double sourceLevel,
                           Duration ramp, Boolean kernelCheck, Duration checkEvery, Duration checkRelease,
                           Double checkMargin) implements ValidatedSettings {
        public Settings {
            smoothing = Objects.requireNonNullElse(smoothing, Duration.ofSeconds(10));
            confirm = Objects.requireNonNullElse(confirm, Duration.ofSeconds(10));
            join = Objects.requireNonNullElse(join, 0.8);
            leave = Objects.requireNonNullElse(leave, 0.5);
            sourceLevel = Objects.requireNonNullElse(sourceLevel, 0.5);
            ramp = Objects.requireNonNullElse(ramp, Duration.ofSeconds(4));
            kernelCheck = Objects.requireNonNullElse(kernelCheck, true);
            checkEvery = Objects.requireNonNullElse(checkEvery, Duration.ofMinutes(5));
            checkRelease = Objects.requireNonNullElse(checkRelease, Duration.ofSeconds(40));
            checkMargin = Objects.requireNonNullElse(checkMargin, 0.05);
        }

        /** Every default. */
        public Settings() {
            this(null, null, null, null, null, null, null, null, null, null);
        }

        @Override
        public void validate(SettingsCheck check) {
            Duration hour = Duration.ofHours(1);
            check.require(!smoothing.isNegative() && smoothing.compareTo(hour) <= 0, "smoothing", "must be from 0s to 1h");
            check.require(!confirm.isNegative() && confirm.compareTo(hour) <= 0, "confirm", "must be from 0s to 1h");
            check.require(join > 0 && join <= 1, "join", "must be a share above 0 and at most 1");
            check.require(leave > 0 && leave <= join, "leave", "must be a share above 0 and at most join (" + join + ")");
            check.require(sourceLevel >= 0 && sourceLevel <= 1, "source-level", "must be a share from 0 to 1");
            check.require(!ramp.isNegative() && ramp.compareTo(hour) <= 0, "ramp", "must be from 0s to 1h");
            check.require(checkRelease.compareTo(Duration.ofSeconds(4)) >= 0 && checkRelease.compareTo(hour) <= 0,
                    "check-release", "must be from 4s to 1h: its second half must span rounds enough to average");
            check.require(checkEvery.compareTo(checkRelease.multipliedBy(2)) >= 0
                    && checkEvery.compareTo(Duration.ofDays(1)) <= 0, "check-every",
                    "must be at least twice check-release (" + checkRelease.toSeconds() + "s) and at most 1 day");
            check.require(checkMargin >= 0 && checkMargin <= 0.5, "check-margin", "must be a share from 0 to 0.5");
        }
    }
}
