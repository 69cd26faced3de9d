package dev.lachesis.core.metric;

import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Adds to any driver the two metrics the daemon can measure better than the SPEs, from the run time
 * the kernel counts for each thread ({@code schedstat}, nanoseconds), sampled at every
 * {@link #refresh()} and taken over the last {@value #WINDOW_SECONDS} s (in the first round, with one
 * sample, over the thread's life):
 * <ul>
 *   <li>{@value MetricNames#CPU_USAGE}: the share of a core all threads of a physical operator (its
 *       main threads and the helpers that work for it) used. Any SPE has it.</li>
 *   <li>{@value MetricNames#CPU_COST}: the CPU a second the operator's main threads used, divided by
 *       the tuples a second the driver says it processed ({@value MetricNames#PROCESSED_RATE}), where
 *       the driver counts them. The SPEs' own per-tuple times are wall-clock and coarse: Storm's
 *       execute latency counts whole milliseconds, so it reads 0 for most operators, and both count
 *       the time a thread waits for the CPU while it is preempted. An operator that processed
 *       nothing in the window keeps its last cost for {@value #KEEP_COST_SECONDS} s: a starving
 *       operator still has the cost of its waiting tuples.</li>
 * </ul>
 * Everything else is the wrapped driver's. Called from the main loop's thread only.
 */
public final class CpuMeasuringDriver extends ForwardingSpeDriver {
    static final int WINDOW_SECONDS = 5;
    static final int KEEP_COST_SECONDS = 60;
    private static final long NANOS = 1_000_000_000L;

    private record Sample(long atNanos, long runNanos) {
    }

    private record Known(double costMillis, long atNanos) {
    }

    private final SpeDriver driver;
    private final ProcFs proc;
    private final LongSupplier nanoClock;
    private final Map<ThreadRef, Deque<Sample>> samples = new HashMap<>();
    private final Map<String, Known> lastCost = new HashMap<>();

    /**
     * @param nanoClock monotonic time in nanoseconds ({@code System::nanoTime})
     */
    public CpuMeasuringDriver(SpeDriver driver, ProcFs proc, LongSupplier nanoClock) {
        super(driver);
        this.driver = driver;
        this.proc = proc;
        this.nanoClock = nanoClock;
    }

    /** Whether a driver providing {@code provided} lets this class add the CPU cost: it needs the processed rate. */
    public static boolean canMeasureCost(Set<String> provided) {
        return provided.contains(MetricNames.PROCESSED_RATE);
    }

    @Override
    public SpeState refresh() throws DriverException {
        SpeState state = driver.refresh();
        long now = nanoClock.getAsLong();
        Set<ThreadRef> seen = new HashSet<>();
        for (OperatorThread thread : state.threads()) {
            if (thread.operatorId() == null) {
                continue;
            }
            ThreadRef ref = thread.ref();
            Optional<Long> run = proc.runTimeNanos(ref.pid(), ref.tid());
            if (run.isEmpty()) {
                continue;
            }
            seen.add(ref);
            Deque<Sample> history = samples.computeIfAbsent(ref, r -> new ArrayDeque<>());
            history.addLast(new Sample(now, run.get()));
            while (history.size() > 2 && history.peekFirst().atNanos() < now - WINDOW_SECONDS * NANOS) {
                history.removeFirst();
            }
        }
        samples.keySet().retainAll(seen);
        return state;
    }

    @Override
    public Set<String> providedMetrics() {
        Set<String> provided = new HashSet<>(driver.providedMetrics());
        if (canMeasureCost(provided)) {
            provided.add(MetricNames.CPU_COST);
        }
        provided.add(MetricNames.CPU_USAGE);
        return Set.copyOf(provided);
    }

    @Override
    public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) throws DriverException {
        boolean cost = metrics.contains(MetricNames.CPU_COST);
        Set<String> wanted = new HashSet<>(metrics);
        wanted.remove(MetricNames.CPU_COST);
        wanted.remove(MetricNames.CPU_USAGE);
        if (cost) {
            wanted.add(MetricNames.PROCESSED_RATE);
        }
        Map<String, MetricValues> fetched = new HashMap<>(wanted.isEmpty() ? Map.of() : driver.fetch(state, wanted));
        if (cost) {
            MetricValues processed = fetched.getOrDefault(MetricNames.PROCESSED_RATE, MetricValues.empty());
            if (!metrics.contains(MetricNames.PROCESSED_RATE)) {
                fetched.remove(MetricNames.PROCESSED_RATE);
            }
            fetched.put(MetricNames.CPU_COST, costs(state, processed));
        }
        if (metrics.contains(MetricNames.CPU_USAGE)) {
            fetched.put(MetricNames.CPU_USAGE, MetricValues.of(cpuShares(state, t -> true)));
        }
        return fetched;
    }

    private MetricValues costs(SpeState state, MetricValues processed) {
        long now = nanoClock.getAsLong();
        Map<String, Double> cpuShare = cpuShares(state, t -> t.kind() == ThreadKind.MAIN);
        MetricValues.Builder result = MetricValues.builder();
        for (Map.Entry<String, Double> e : cpuShare.entrySet()) {
            String operator = e.getKey();
            double perSecond = processed.getOrDefault(operator, 0);
            if (perSecond > 0) {
                double cost = 1000.0 * e.getValue() / perSecond;
                lastCost.put(operator, new Known(cost, now));
                result.put(operator, cost);
            } else {
                Known known = lastCost.get(operator);
                if (known != null && known.atNanos() >= now - KEEP_COST_SECONDS * NANOS) {
                    result.put(operator, known.costMillis());
                }
            }
        }
        lastCost.keySet().retainAll(cpuShare.keySet());
        return result.build();
    }

    /** Physical operator id → the share of a core its threads that {@code counted} accepts used. */
    private Map<String, Double> cpuShares(SpeState state, Predicate<OperatorThread> counted) {
        Map<String, Double> cpuShare = new HashMap<>();
        for (OperatorThread thread : state.threads()) {
            if (thread.operatorId() != null && counted.test(thread)) {
                share(thread.ref()).ifPresent(s -> cpuShare.merge(thread.operatorId(), s, Double::sum));
            }
        }
        return cpuShare;
    }

    /** The share of a core the thread used over its samples, or over its life when it has one sample. */
    private OptionalDouble share(ThreadRef ref) {
        Deque<Sample> history = samples.get(ref);
        if (history == null || history.isEmpty()) {
            return OptionalDouble.empty();
        }
        Sample last = history.peekLast();
        if (history.size() >= 2) {
            Sample first = history.peekFirst();
            long elapsed = last.atNanos() - first.atNanos();
            return elapsed > 0 ? OptionalDouble.of((last.runNanos() - first.runNanos()) / (double) elapsed)
                    : OptionalDouble.empty();
        }
        Optional<Double> age = proc.threadAgeSeconds(ref.pid(), ref.tid());
        return age.isPresent() && age.get() > 0 ? OptionalDouble.of(last.runNanos() / (age.get() * NANOS))
                : OptionalDouble.empty();
    }
}
