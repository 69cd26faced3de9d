package dev.lachesis.policies;

import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Keeps a query alive when a single-priority policy feeds a real-time translator. Rules learnt
 * from real runs (FACTS.md; 2023 paper §4.2), applied to the wrapped policy's schedule:
 * <ol>
 *   <li><b>Floor.</b> Every thread of a query that has a priority this round gets at least the
 *       query's lowest priority, including threads the policy left out (worker-wide helpers, timers,
 *       Netty, threads whose metric is missing): a helper left in SCHED_OTHER starves behind spinning
 *       RT executors.</li>
 *   <li><b>Cap.</b> A thread that may busy-wait on a full queue
 *       ({@link OperatorThread#spinsOnQueueOf()}) stays below that queue's consumer: when it is not
 *       already below the consumer's main thread, it is lowered to the query's next priority level
 *       under the consumer's, or to the consumer's own when the consumer is at the query's bottom
 *       (equal at worst). Ranked above the consumer it spins on the core the consumer needs, and the
 *       query stops; ranked equal, SCHED_RR still gives it half of that core.</li>
 *   <li><b>Lookout.</b> The threads the query needs running whatever its queues say
 *       ({@link ThreadKind#isLookout()}: the metrics reporter, the JVM's service threads, the
 *       worker's heartbeat) are put in the schedule, at the query's lowest priority, so that the
 *       {@code rt} translator sees them: like every per-thread translator, it places them level
 *       with the query's most favoured thread after smoothing and normalisation, the one place that
 *       rule lives (its {@code LookoutLevel} says why each kind must not starve).</li>
 *   <li><b>Out.</b> A thread that may busy-wait on any queue of its worker
 *       ({@link OperatorThread#spinsOnAnyQueue()}: Storm 1.x's disruptor flush pool, which publishes
 *       overflowed batches into whichever ring they belong to) is left out of the real-time class
 *       whatever the policy gave it: no level keeps it below the consumer it waits for, and a
 *       real-time thread gets no timer slack, so its {@code parkNanos(1)} loop holds the core. On
 *       Storm 1.2.3's ETL query beyond saturation, six such threads floored at RR 1 beside the
 *       executors took 90% of the core and the query fell to a fifth of its rate. In
 *       SCHED_OTHER each of its sleeps lasts the timer slack, and it runs when the real-time
 *       threads wait.</li>
 * </ol>
 * A query none of whose threads has a priority is left out entirely, so the translator keeps what
 * it had. Each thread it changes carries an {@code rt-floor}, {@code rt-cap} or {@code rt-lookout} entry
 * in its metrics.
 * Threads keep the driver's order. Stateless apart from the wrapped policy.
 */
public final class RealTimeGuard implements Policy {
    /** Explanation key of a thread lifted to its query's lowest priority. */
    public static final String FLOOR = "rt-floor";
    /** Explanation key of a thread lowered to its consumer's priority. */
    public static final String CAP = "rt-cap";
    /** Explanation key of a lookout, handed to the translator to place at its query's highest RT priority. */
    public static final String LOOKOUT = "rt-lookout";

    private final Policy inner;

    public RealTimeGuard(Policy inner) {
        this.inner = Objects.requireNonNull(inner, "inner");
        if (inner.form() != ScheduleForm.SINGLE_PRIORITY) {
            throw new IllegalArgumentException("the real-time guard works on single-priority policies, not " + inner);
        }
    }

    @Override
    public Set<String> requiredMetrics() {
        return inner.requiredMetrics();
    }

    @Override
    public ScheduleForm form() {
        return ScheduleForm.SINGLE_PRIORITY;
    }

    @Override
    public Schedule schedule(PolicyInput input) {
        Schedule schedule = inner.schedule(input);
        Map<ThreadKey, ThreadPriority> given = new HashMap<>();
        for (ThreadPriority tp : schedule.threads()) {
            given.put(new ThreadKey(tp.speName(), tp.thread().ref()), tp);
        }
        List<ThreadPriority> guarded = new ArrayList<>();
        for (SpeRound round : input.spes()) {
            guarded.addAll(guard(round, given));
        }
        return new SinglePrioritySchedule(schedule.policy(), guarded, schedule.goal(), schedule.scale());
    }

    private static List<ThreadPriority> guard(SpeRound round, Map<ThreadKey, ThreadPriority> given) {
        String spe = round.state().speName();
        List<OperatorThread> threads = Topology.schedulableThreads(round.state()).stream()
                .filter(t -> !t.spinsOnAnyQueue()).toList();
        Map<String, Double> lowestByQuery = new HashMap<>();
        for (OperatorThread t : threads) {
            ThreadPriority tp = given.get(new ThreadKey(spe, t.ref()));
            if (tp != null && !isLookout(t)) {
                lowestByQuery.merge(t.queryId(), tp.priority(), Math::min);
            }
        }
        Map<ThreadRef, ThreadPriority> floored = new LinkedHashMap<>();
        for (OperatorThread t : threads) {
            ThreadPriority tp = given.get(new ThreadKey(spe, t.ref()));
            Double lowest = lowestByQuery.get(t.queryId());
            if (isLookout(t)) {
                continue;
            } else if (tp != null) {
                floored.put(t.ref(), tp);
            } else if (lowest != null) {
                floored.put(t.ref(), new ThreadPriority(spe, t, lowest, Map.of(FLOOR, lowest)));
            }
        }
        Map<String, Double> consumerPriority = new HashMap<>();
        Map<String, TreeSet<Double>> levelsByQuery = new HashMap<>();
        for (ThreadPriority tp : floored.values()) {
            if (tp.thread().kind() == ThreadKind.MAIN) {
                consumerPriority.merge(tp.thread().operatorId(), tp.priority(), Math::max);
            }
            levelsByQuery.computeIfAbsent(tp.thread().queryId(), q -> new TreeSet<>()).add(tp.priority());
        }
        Map<ThreadRef, ThreadPriority> capped = new HashMap<>();
        for (ThreadPriority tp : floored.values()) {
            capped.put(tp.thread().ref(), cap(tp, consumerPriority, levelsByQuery.get(tp.thread().queryId())));
        }
        List<ThreadPriority> result = new ArrayList<>(floored.size());
        for (OperatorThread t : threads) {
            Double lowest = lowestByQuery.get(t.queryId());
            if (isLookout(t) && lowest != null) {
                result.add(new ThreadPriority(spe, t, lowest, Map.of(LOOKOUT, lowest)));
            } else if (capped.containsKey(t.ref())) {
                result.add(capped.get(t.ref()));
            }
        }
        return result;
    }

    /** Threads the query needs running whatever its queues say ({@link ThreadKind#isLookout()}). */
    private static boolean isLookout(OperatorThread t) {
        return t.kind().isLookout();
    }

    /**
     * Lowers a spinning thread above its consumer to the query's next priority level below the
     * consumer's, or to the consumer's own when the consumer is at the query's bottom. A consumer
     * without a main thread in the schedule counts as being at the bottom.
     */
    private static ThreadPriority cap(ThreadPriority tp, Map<String, Double> consumerPriority,
                                      TreeSet<Double> queryLevels) {
        String consumer = tp.thread().spinsOnQueueOf();
        if (consumer == null) {
            return tp;
        }
        double consumerLevel = consumerPriority.getOrDefault(consumer, queryLevels.first());
        if (tp.priority() < consumerLevel) {
            return tp;
        }
        Double below = queryLevels.lower(consumerLevel);
        double limit = below == null ? consumerLevel : below;
        if (tp.priority() <= limit) {
            return tp;
        }
        Map<String, Double> metrics = new LinkedHashMap<>(tp.metrics());
        metrics.put(CAP, limit);
        return new ThreadPriority(tp.speName(), tp.thread(), limit, metrics);
    }

    @Override
    public String toString() {
        return "rt-guard(" + inner + ")";
    }

    private record ThreadKey(String spe, ThreadRef ref) {
    }
}
