package dev.lachesis.drivers.storm;

import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.Query;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The query graph of each scheduled topology, from the series it reports: its components and the
 * edges between them (component → the components it feeds). A topology's graph is fixed once it is
 * submitted (a resubmitted one has a new id), but an edge is seen only while its consumer's execute
 * count has a value in the window: when the query stalls for longer, every edge would vanish and
 * every operator would look like a source (seen on Storm under real-time executors, where every
 * policy then ranked each operator as a source for two rounds). So the edges seen so far are kept
 * while the topology has threads here. Not thread-safe.
 */
final class StormQueryGraphs {
    private final Map<String, Map<String, Set<String>>> knownEdges = new HashMap<>();

    /**
     * The graph of {@code topology}: the components its series report and those of executors seen in
     * its JVMs ({@code executorComponents}, as {@code topology/component}), with every edge seen so far
     * between them.
     */
    Query query(String topology, StormMetrics metrics, Collection<String> executorComponents) {
        Set<String> components = new TreeSet<>();
        metrics.tasks(topology).keySet().stream().filter(c -> !c.startsWith("__")).forEach(components::add);
        String prefix = topology + "/";
        executorComponents.stream().filter(k -> k.startsWith(prefix)).map(k -> k.substring(prefix.length()))
                .forEach(components::add);
        Map<String, Set<String>> seen = knownEdges.computeIfAbsent(topology, t -> new TreeMap<>());
        metrics.edges(topology).forEach((from, tos) -> seen.computeIfAbsent(from, f -> new TreeSet<>()).addAll(tos));
        Map<String, Set<String>> downstream = new TreeMap<>();
        seen.forEach((from, tos) -> {
            if (components.contains(from)) {
                Set<String> kept = new TreeSet<>();
                tos.stream().filter(components::contains).forEach(kept::add);
                downstream.put(from, kept);
            }
        });
        List<LogicalOperator> logical = components.stream().map(c -> new LogicalOperator(c, c)).toList();
        return new Query(topology, TopologyIds.name(topology), logical, downstream);
    }

    /** Forgets the edges of every topology but {@code topologies}, those with threads here this round. */
    void retainOnly(Set<String> topologies) {
        knownEdges.keySet().retainAll(topologies);
    }
}
