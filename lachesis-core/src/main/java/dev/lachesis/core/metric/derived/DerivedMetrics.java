package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import java.util.List;

/**
 * The SPE-agnostic derived metrics every policy can count on, whatever SPE it schedules; the
 * {@link dev.lachesis.core.metric.MetricCatalog} always contains them. Stateless.
 */
public final class DerivedMetrics {
    private DerivedMetrics() {
    }

    /** One instance of each built-in derived metric. */
    public static List<Metric> all() {
        return List.of(new QueueSize(), new Selectivity(), new Cost(), new PathSelectivity(), new PathCost(),
                new HighestRate(), new HeadAge(), new QueueSizeCv(), new OutputBlocked(), new DrainTime());
    }
}
