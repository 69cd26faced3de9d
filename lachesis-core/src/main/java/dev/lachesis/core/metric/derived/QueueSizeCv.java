package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@value MetricNames#QUEUE_SIZE_CV}: QS's policy goal, how unevenly tuples are queued across a
 * query's operators (EdgeWise; the 2021 paper §6): the coefficient of variation of the
 * {@value MetricNames#QUEUE_SIZE} values of the query's physical operators,
 * {@code population standard deviation / mean}. Operators without a queue size this round are
 * left out; a query with one such operator, or whose queues are all empty, has 0; a query with
 * none has no value. Keyed by query id. Stateless.
 */
public final class QueueSizeCv implements Metric {
    @Override
    public String name() {
        return MetricNames.QUEUE_SIZE_CV;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.QUEUE_SIZE);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        MetricValues queueSize = context.get(MetricNames.QUEUE_SIZE);
        MetricValues.Builder result = MetricValues.builder();
        for (Query query : context.spe().queries()) {
            List<Double> sizes = new ArrayList<>();
            for (PhysicalOperator op : context.spe().operators()) {
                if (op.queryId().equals(query.id())) {
                    queueSize.get(op.id()).ifPresent(sizes::add);
                }
            }
            if (sizes.isEmpty()) {
                continue;
            }
            double mean = sizes.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            double variance = sizes.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / sizes.size();
            result.put(query.id(), mean == 0 ? 0.0 : Math.sqrt(variance) / mean);
        }
        return result.build();
    }
}
