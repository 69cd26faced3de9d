package dev.lachesis.translators;

import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.translators.normalise.IntRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;

/**
 * The one rule for where a query's lookouts stand, under every per-thread translator: its metrics
 * reporter, the JVM's service threads and the worker's heartbeat threads ({@link ThreadKind#isLookout()})
 * get exactly the most favourable value any other thread of their query has in the plan (the highest
 * RT priority, the lowest nice). The reporter runs for a moment once per reporting period; below a
 * busy real-time executor it starves, and the daemon stops seeing the query while it stalls (seen in
 * the ETL sweep on Storm). Nice does not starve it outright, but at nice 0 beside a heavy operator at
 * −20 on a saturated core it gets about 1% of the core, too little for a burst of reporting. (Storm's
 * reporter still went 5 s without publishing once in a HEAVIEST-FIRST trial with the rule in place,
 * asleep on a futex at nice −20: that gap has another cause, open in issue 40.) A collection or any other
 * safepoint operation runs on the VM thread while every Java thread of the worker waits; left in
 * SCHED_OTHER below spinning SCHED_RR executors it runs only in what RT throttling leaves over, so
 * every pause stretches by orders of magnitude, and the JIT, starved, leaves hot code interpreted.
 * The heartbeat and ZooKeeper session threads, starved for a session timeout, get the worker
 * declared dead and the query killed (seen in local mode, where the ZooKeeper server shares the
 * core). Above the top operator, a compiler thread busy for hundreds of milliseconds would preempt
 * it; level with it, SCHED_RR (or CFS at equal weight) shares the core.
 *
 * <p>The lookouts are kept out of the smoothing and normalisation the other threads go through, so
 * their raw priority does not matter (a policy only has to put them in the schedule: the real-time
 * guard does, HEAVIEST-FIRST schedules every thread) and they never stretch the range the operators
 * are spread over. A query whose only threads in the schedule are lookouts is normalised as it is.
 * Stateless.
 */
final class LookoutLevel {
    private LookoutLevel() {
    }

    /** The schedule without the lookouts this rule places (those of queries with other threads in it). */
    static Schedule withoutPlacedLookouts(Schedule schedule) {
        if (!(schedule instanceof SinglePrioritySchedule single)) {
            return schedule;
        }
        Set<QueryOf> withOthers = queriesWithOtherThreads(schedule.threads());
        List<ThreadPriority> kept = schedule.threads().stream()
                .filter(t -> !isLookout(t) || !withOthers.contains(QueryOf.of(t))).toList();
        return kept.size() == schedule.threads().size() ? schedule
                : new SinglePrioritySchedule(single.policy(), kept, single.goal(), single.scale());
    }

    /**
     * The plan of {@link #withoutPlacedLookouts} with the lookouts it left out put back, each at its
     * query's most favourable value in {@code range}, in the order of {@code schedule}.
     */
    static TranslationPlan place(Schedule schedule, TranslationPlan planned, IntRange range) {
        if (planned.threads().size() == schedule.threads().size()) {
            return planned;
        }
        Map<QueryOf, Long> top = new HashMap<>();
        BinaryOperator<Long> favoured = range.direction() > 0 ? Math::max : Math::min;
        Map<ThreadPriority, TranslatedThread> byEntry = new HashMap<>();
        for (TranslatedThread t : planned.threads()) {
            byEntry.put(t.entry(), t);
            if (!isLookout(t.entry())) {
                top.merge(QueryOf.of(t.entry()), t.value(), favoured);
            }
        }
        List<TranslatedThread> placed = new ArrayList<>(schedule.threads().size());
        for (ThreadPriority entry : schedule.threads()) {
            TranslatedThread normalised = byEntry.get(entry);
            if (normalised != null) {
                placed.add(normalised);
            } else {
                placed.add(new TranslatedThread(entry, null, top.get(QueryOf.of(entry))));
            }
        }
        return new TranslationPlan(planned.translator(), planned.mechanism(), placed);
    }

    private static Set<QueryOf> queriesWithOtherThreads(List<ThreadPriority> threads) {
        Set<QueryOf> queries = new HashSet<>();
        for (ThreadPriority t : threads) {
            if (!isLookout(t)) {
                queries.add(QueryOf.of(t));
            }
        }
        return queries;
    }

    private static boolean isLookout(ThreadPriority entry) {
        return entry.thread().kind().isLookout();
    }

    /** A query of one SPE instance. */
    private record QueryOf(String spe, String queryId) {
        static QueryOf of(ThreadPriority entry) {
            return new QueryOf(entry.speName(), entry.thread().queryId());
        }
    }
}
