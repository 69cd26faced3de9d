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

/**
 * Adds to any driver the one metric the daemon can measure better than the SPEs:
 * {@value MetricNames#CPU_COST}, the CPU time a physical operator's main threads spend per tuple.
 * The SPEs' own per-tuple times are wall-clock and coarse: Storm's execute latency counts whole
 * milliseconds, so it reads 0 for most operators, and both count the time a thread waits for the
 * CPU while it is preempted. The run time the kernel counts for each thread ({@code schedstat},
 * nanoseconds) is sampled at every {@link #refresh()}; the cost is the CPU a second the operator's
 * main threads used over the last {@value #WINDOW_SECONDS} s, divided by the tuples a second the
 * driver says it processed ({@value MetricNames#PROCESSED_RATE}). In the first round, with one
 * sample, the CPU a second is the thread's lifetime average. An operator that processed nothing in
 * the window keeps its last cost for {@value #KEEP_COST_SECONDS} s: a starving operator still has
 * the cost of its waiting tuples. Everything else is the wrapped driver's. Called from the main
 * loop's thread only.
 */
public final class CpuCostMeasuringDriver implements SpeDriver {
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
    public CpuCostMeasuringDriver(SpeDriver driver, ProcFs proc, LongSupplier nanoClock) {
        this.driver = driver;
        this.proc = proc;
        this.nanoClock = nanoClock;
    }

    /** Whether a driver providing {@code provided} lets this class add the CPU cost: it needs the processed rate. */
    public static boolean canMeasure(Set<String> provided) {
        return provided.contains(MetricNames.PROCESSED_RATE);
    }

    @Override
    public SpeState refresh() throws DriverException {
        SpeState state = driver.refresh();
        long now = nanoClock.getAsLong();
        Set<ThreadRef> seen = new HashSet<>();
        for (OperatorThread thread : state.threads()) {
            if (thread.kind() != ThreadKind.MAIN || thread.operatorId() == null) {
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
        if (canMeasure(provided)) {
            provided.add(MetricNames.CPU_COST);
        }
        return Set.copyOf(provided);
    }

    @Override
    public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) throws DriverException {
        if (!metrics.contains(MetricNames.CPU_COST)) {
            return driver.fetch(state, metrics);
        }
        Set<String> wanted = new HashSet<>(metrics);
        wanted.remove(MetricNames.CPU_COST);
        wanted.add(MetricNames.PROCESSED_RATE);
        Map<String, MetricValues> fetched = new HashMap<>(driver.fetch(state, wanted));
        MetricValues processed = fetched.getOrDefault(MetricNames.PROCESSED_RATE, MetricValues.empty());
        if (!metrics.contains(MetricNames.PROCESSED_RATE)) {
            fetched.remove(MetricNames.PROCESSED_RATE);
        }
        fetched.put(MetricNames.CPU_COST, costs(state, processed));
        return fetched;
    }

    private MetricValues costs(SpeState state, MetricValues processed) {
        long now = nanoClock.getAsLong();
        Map<String, Double> cpuShare = new HashMap<>();
        for (OperatorThread thread : state.threads()) {
            if (thread.kind() == ThreadKind.MAIN && thread.operatorId() != null) {
                share(thread.ref()).ifPresent(s -> cpuShare.merge(thread.operatorId(), s, Double::sum));
            }
        }
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

    @Override
    public boolean operatorThreadsPoll() {
        return driver.operatorThreadsPoll();
    }

    @Override
    public void scheduledInRealTime() {
        driver.scheduledInRealTime();
    }

    @Override
    public void close() {
        driver.close();
    }
}
