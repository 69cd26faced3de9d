package dev.lachesis.core.metric;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a set of registered metrics is obtained from one driver, given the metrics it provides: which
 * of them (and of their transitive dependencies) the driver is asked for, in one fetch, and which
 * are computed. A metric the driver provides is always taken from it; any other is computed from
 * its dependencies; a primitive metric the driver lacks makes every metric that needs it
 * unresolvable, which {@link #problems(String)} explains. Built once per set of provided metrics;
 * memoises resolvability as it is asked, so not thread-safe.
 */
final class MetricResolution {
    private final MetricCatalog catalog;
    private final Set<String> provided;
    private final Map<String, Boolean> resolvable = new HashMap<>();
    private final Set<String> fetched = new TreeSet<>();
    private final List<String> unresolvedRegistered = new ArrayList<>();

    /**
     * @param registered metric names known to {@code catalog}, whose dependency graph has no cycle
     *     and no unknown name (checked by {@link MetricProvider#register})
     */
    MetricResolution(MetricCatalog catalog, Collection<String> registered, Set<String> provided) {
        this.catalog = catalog;
        this.provided = Set.copyOf(provided);
        for (String name : new LinkedHashSet<>(registered)) {
            if (isResolvable(name)) {
                collectFetched(name);
            } else {
                unresolvedRegistered.add(name);
            }
        }
    }

    /** Whether the driver can supply {@code name}, directly or through its dependencies. */
    boolean isResolvable(String name) {
        Boolean known = resolvable.get(name);
        if (known != null) {
            return known;
        }
        boolean result;
        if (provided.contains(name)) {
            result = true;
        } else {
            Metric metric = metric(name);
            result = !metric.isPrimitive() && metric.dependencies().stream().allMatch(this::isResolvable);
        }
        resolvable.put(name, result);
        return result;
    }

    /** Whether {@code name} is taken from the driver rather than computed. */
    boolean isFetched(String name) {
        return provided.contains(name);
    }

    /** The provided metrics the registered ones need, to be fetched in one call; sorted. */
    Set<String> fetched() {
        return Collections.unmodifiableSet(fetched);
    }

    /** Whether every registered metric can be resolved. */
    boolean isComplete() {
        return unresolvedRegistered.isEmpty();
    }

    /**
     * One line per registered metric and missing primitive metric, naming the primitive, the chain
     * of metrics that needs it and the SPE; empty when every registered metric resolves.
     */
    List<String> problems(String speName) {
        List<String> problems = new ArrayList<>();
        for (String name : unresolvedRegistered) {
            Map<String, List<String>> chains = new LinkedHashMap<>();
            collectMissing(name, new ArrayList<>(), chains);
            String offer = "(it provides: " + (provided.isEmpty() ? "nothing" : String.join(", ",
                    new TreeSet<>(provided))) + ")";
            chains.forEach((primitive, chain) -> problems.add(chain.size() == 1
                    ? "primitive metric '" + name + "' is not provided by the driver of SPE '" + speName + "' "
                            + offer
                    : "metric '" + name + "' needs primitive metric '" + primitive + "' ("
                            + String.join(" -> ", chain) + "), which the driver of SPE '" + speName
                            + "' does not provide " + offer));
        }
        return problems;
    }

    private void collectFetched(String name) {
        if (provided.contains(name)) {
            fetched.add(name);
            return;
        }
        Metric metric = metric(name);
        metric.dependencies().forEach(this::collectFetched);
        metric.optionalDependencies().stream().filter(this::isResolvable).forEach(this::collectFetched);
    }

    private void collectMissing(String name, List<String> chain, Map<String, List<String>> chains) {
        List<String> here = new ArrayList<>(chain);
        here.add(name);
        Metric metric = metric(name);
        if (metric.isPrimitive()) {
            chains.putIfAbsent(name, here);
            return;
        }
        for (String dependency : new TreeSet<>(metric.dependencies())) {
            if (!isResolvable(dependency)) {
                collectMissing(dependency, here, chains);
            }
        }
    }

    private Metric metric(String name) {
        return catalog.get(name).orElseThrow(() -> new IllegalStateException("metric '" + name
                + "' is not in the catalog; MetricProvider.register should have refused it"));
    }
}
