package dev.lachesis.core.metric;

import dev.lachesis.core.metric.derived.DerivedMetrics;
import dev.lachesis.core.spi.Plugins;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every metric the daemon knows, by name: the primitive metrics of {@link MetricNames}, the
 * built-in derived metrics ({@link DerivedMetrics}) and whatever modules add through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/dev.lachesis.core.metric.Metric}). The metric
 * provider resolves names against it, so a name no one defines is caught at start-up. Immutable;
 * thread-safe.
 */
public final class MetricCatalog {
    private static final Logger LOG = LoggerFactory.getLogger(MetricCatalog.class);

    /** The primitive metrics every driver may provide. */
    private static final List<String> PRIMITIVES = List.of(MetricNames.INPUT_QUEUE, MetricNames.OUTPUT_QUEUE,
            MetricNames.SOURCE_QUEUE, MetricNames.ARRIVAL_RATE, MetricNames.PROCESSED_RATE, MetricNames.EMITTED_RATE,
            MetricNames.PROCESSING_TIME, MetricNames.HEAD_AGE_REPORTED, MetricNames.INPUT_QUEUE_CAPACITY,
            MetricNames.OUTPUT_BLOCKED_REPORTED, MetricNames.CPU_COST, MetricNames.CPU_USAGE,
            MetricNames.PROGRESS_INTERVAL_COUNT, MetricNames.PROGRESS_INTERVAL_START, MetricNames.PROGRESS_INTERVAL_END);

    private final Map<String, Metric> byName;

    private MetricCatalog(Map<String, Metric> byName) {
        this.byName = Collections.unmodifiableMap(byName);
    }

    /** The built-in metrics and those found by {@link java.util.ServiceLoader} with this class's class loader. */
    public static MetricCatalog load() {
        return load(MetricCatalog.class.getClassLoader());
    }

    /**
     * The built-in metrics and those listed as services on {@code loader}'s class path ({@link Plugins}). A broken
     * service entry is logged and skipped; a metric whose name is already taken is logged and
     * ignored, so a module cannot silently change what a built-in metric means.
     */
    public static MetricCatalog load(ClassLoader loader) {
        Map<String, Metric> found = new TreeMap<>();
        for (Metric builtIn : builtIns()) {
            found.put(builtIn.name(), builtIn);
        }
        for (Metric metric : Plugins.services(Metric.class, "metric", loader)) {
            Metric previous = found.putIfAbsent(metric.name(), metric);
            if (previous != null) {
                LOG.warn("Two metrics are named '{}': {} and {}; using the first", metric.name(),
                        previous.getClass().getName(), metric.getClass().getName());
            } else {
                LOG.debug("Metric '{}' added by {}", metric.name(), metric.getClass().getName());
            }
        }
        return new MetricCatalog(found);
    }

    /**
     * A catalog of exactly {@code metrics}, without the built-ins (tests, embedding).
     *
     * @throws IllegalArgumentException when two metrics have the same name
     */
    public static MetricCatalog of(Collection<? extends Metric> metrics) {
        Map<String, Metric> byName = new TreeMap<>();
        for (Metric metric : metrics) {
            Metric previous = byName.putIfAbsent(metric.name(), metric);
            if (previous != null) {
                throw new IllegalArgumentException("two metrics are named '" + metric.name() + "': "
                        + previous.getClass().getName() + " and " + metric.getClass().getName());
            }
        }
        return new MetricCatalog(byName);
    }

    /** The primitive metrics of {@link MetricNames} and the built-in derived metrics. */
    public static List<Metric> builtIns() {
        List<Metric> metrics = new ArrayList<>();
        PRIMITIVES.forEach(name -> metrics.add(new PrimitiveMetric(name)));
        metrics.addAll(DerivedMetrics.all());
        return metrics;
    }

    public Optional<Metric> get(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every metric name, sorted. */
    public Set<String> names() {
        return byName.keySet();
    }
}
