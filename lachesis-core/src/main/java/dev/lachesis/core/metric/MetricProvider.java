package dev.lachesis.core.metric;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the policies the metrics they registered, for every SPE, whatever each SPE publishes (2021
 * paper §5.2, Algorithm 3). Each metric declares its dependencies; per driver and round, the
 * registered metrics and their transitive dependencies that the driver provides are fetched in one
 * {@link SpeDriver#fetch} call, and every other one is computed from its dependencies, at most once
 * per round. Unlike the original, problems surface at start-up: an unknown name or a dependency
 * cycle when policies {@link #register}, and a metric a driver cannot supply when the daemon
 * calls {@link #checkResolvable}. Not thread-safe: registered at start-up, then updated from the
 * main loop's thread.
 */
public final class MetricProvider {
    private static final Logger LOG = LoggerFactory.getLogger(MetricProvider.class);

    private final MetricCatalog catalog;
    private final Set<String> registered = new LinkedHashSet<>();
    private final Map<Set<String>, MetricResolution> resolutions = new HashMap<>();

    public MetricProvider(MetricCatalog catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    /**
     * Adds the metrics a policy reads; called at start-up for every policy.
     *
     * @throws IllegalArgumentException naming an unknown metric (and listing the known ones), a
     *     dependency no metric defines, or a dependency cycle
     */
    public void register(Collection<String> metricNames) {
        for (String name : metricNames) {
            if (catalog.get(name).isEmpty()) {
                throw new IllegalArgumentException("unknown metric '" + name + "'; known metrics: "
                        + String.join(", ", catalog.names()));
            }
            checkGraph(name, new ArrayList<>(), new HashSet<>());
        }
        if (registered.addAll(metricNames)) {
            resolutions.clear();
            LOG.debug("Registered metrics: {}", registered);
        }
    }

    /** The registered metric names, in registration order. */
    public Set<String> registered() {
        return Collections.unmodifiableSet(registered);
    }

    /**
     * Checks at start-up that every registered metric can be obtained from a driver that provides
     * {@code provided}.
     *
     * @param speName the SPE instance, for the message
     * @throws ConfigException with one line per registered metric and missing primitive metric,
     *     naming both, the chain of metrics between them, and the SPE
     */
    public void checkResolvable(String speName, Set<String> provided) throws ConfigException {
        List<String> problems = resolution(provided).problems(speName);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    /**
     * Fetches and computes every registered metric for one SPE this round.
     *
     * @return metric name → values, for every registered metric
     * @throws DriverException when the driver's fetch fails, or when the driver stopped providing a
     *     metric that a registered one needs
     */
    public Map<String, MetricValues> update(SpeState state, SpeDriver driver) throws DriverException {
        MetricResolution resolution = resolution(driver.providedMetrics());
        if (!resolution.isComplete()) {
            throw new DriverException(resolution.problems(state.speName()).get(0));
        }
        Map<String, MetricValues> fetched = resolution.fetched().isEmpty()
                ? Map.of()
                : driver.fetch(state, resolution.fetched());
        Round round = new Round(state, resolution, fetched == null ? Map.of() : fetched);
        Map<String, MetricValues> result = new LinkedHashMap<>();
        for (String name : registered) {
            result.put(name, round.values(name));
        }
        LOG.debug("SPE '{}': fetched {}, computed {}", state.speName(), resolution.fetched(), round.computed);
        return result;
    }

    private MetricResolution resolution(Set<String> provided) {
        return resolutions.computeIfAbsent(Set.copyOf(provided),
                p -> new MetricResolution(catalog, registered, p));
    }

    /**
     * Walks the dependency graph below {@code name}, failing on an unknown dependency or a cycle.
     *
     * @param path the metrics from a registered one down to {@code name}, exclusive
     * @param done the metrics whose whole sub-graph is checked
     */
    private void checkGraph(String name, List<String> path, Set<String> done) {
        if (done.contains(name)) {
            return;
        }
        int start = path.indexOf(name);
        if (start >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(start, path.size()));
            cycle.add(name);
            throw new IllegalArgumentException("metrics depend on each other in a cycle: "
                    + String.join(" -> ", cycle));
        }
        Metric metric = catalog.get(name).orElseThrow(() -> new IllegalArgumentException("metric '"
                + path.get(path.size() - 1) + "' depends on unknown metric '" + name + "'; known metrics: "
                + String.join(", ", catalog.names())));
        path.add(name);
        Set<String> dependencies = new TreeSet<>(metric.dependencies());
        dependencies.addAll(metric.optionalDependencies());
        for (String dependency : dependencies) {
            checkGraph(dependency, path, done);
        }
        path.remove(path.size() - 1);
        done.add(name);
    }

    /** One round for one SPE: the fetched values and a cache of computed ones. */
    private final class Round {
        private final SpeState state;
        private final MetricResolution resolution;
        private final Map<String, MetricValues> fetched;
        private final Map<String, MetricValues> cache = new HashMap<>();
        private final List<String> computed = new ArrayList<>();

        Round(SpeState state, MetricResolution resolution, Map<String, MetricValues> fetched) {
            this.state = state;
            this.resolution = resolution;
            this.fetched = fetched;
        }

        MetricValues values(String name) {
            MetricValues known = cache.get(name);
            if (known != null) {
                return known;
            }
            MetricValues values;
            if (resolution.isFetched(name)) {
                values = Objects.requireNonNullElse(fetched.get(name), MetricValues.empty());
            } else {
                Metric metric = catalog.get(name).orElseThrow();
                values = Objects.requireNonNullElse(metric.compute(new Context(metric)), MetricValues.empty());
                computed.add(name);
            }
            cache.put(name, values);
            return values;
        }

        /** What one derived metric sees: only its declared dependencies. */
        private final class Context implements MetricContext {
            private final Metric metric;

            Context(Metric metric) {
                this.metric = metric;
            }

            @Override
            public SpeState spe() {
                return state;
            }

            @Override
            public MetricValues get(String dependency) {
                if (metric.dependencies().contains(dependency)) {
                    return values(dependency);
                }
                if (metric.optionalDependencies().contains(dependency)) {
                    return resolution.isResolvable(dependency) ? values(dependency) : MetricValues.empty();
                }
                throw new IllegalArgumentException("metric '" + metric.name() + "' asked for '" + dependency
                        + "', which is not among its dependencies " + metric.dependencies());
            }
        }
    }
}
