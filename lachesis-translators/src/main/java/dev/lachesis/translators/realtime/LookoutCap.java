package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps the lookouts of a query — the metrics reporter, the JVM's service threads and the worker's
 * heartbeat threads ({@link ThreadKind#isLookout()}), which the real-time guard of the
 * policies ranks with the query's busiest thread so they do not starve below RT operators — from
 * ending above that thread once the {@code rt} translator has smoothed and normalised. Smoothing
 * follows each thread on its own: a lookout is given the query's maximum every round, so when the
 * busiest operator changes from round to round it smooths to more than any operator does, and
 * normalisation then gives it the top priority alone. Each lookout's RT priority is lowered to the
 * highest its query's other threads have in the same plan (higher is more important); a query whose
 * only threads in the plan are lookouts is left as it is. Stateless.
 */
final class LookoutCap {
    private LookoutCap() {
    }

    /** The plan with every lookout at most at its query's highest RT priority. */
    static TranslationPlan apply(TranslationPlan plan) {
        Map<QueryOf, Long> highest = new HashMap<>();
        for (TranslatedThread t : plan.threads()) {
            if (!isLookout(t.entry().thread())) {
                highest.merge(QueryOf.of(t), t.value(), Math::max);
            }
        }
        List<TranslatedThread> capped = new ArrayList<>(plan.threads().size());
        for (TranslatedThread t : plan.threads()) {
            Long limit = highest.get(QueryOf.of(t));
            if (isLookout(t.entry().thread()) && limit != null && t.value() > limit) {
                capped.add(new TranslatedThread(t.entry(), t.group(), limit));
            } else {
                capped.add(t);
            }
        }
        return new TranslationPlan(plan.translator(), plan.mechanism(), capped);
    }

    private static boolean isLookout(OperatorThread thread) {
        return thread.kind().isLookout();
    }

    /** A query of one SPE instance. */
    private record QueryOf(String spe, String queryId) {
        static QueryOf of(TranslatedThread t) {
            return new QueryOf(t.entry().speName(), t.entry().thread().queryId());
        }
    }
}
