package dev.lachesis.drivers.storm;

import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.Query;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The query graph of each scheduled topology, from the series it reports: its components and the
 * edges between them (component → the components it feeds). A topology's graph is fixed once it is
 * submitted (a resubmitted one has a new id), but an edge is seen only while its consumer's execute
 * count has a value in the window: when the query stalls for longer, every edge would vanish and
 * every operator would look like a source (seen on Storm under real-time executors, where every
 * policy then ranked each operator as a source for two rounds). So the edges seen so far are kept
 * while the topology has threads here. A component is known to be a bolt once it has executed a
 * tuple (an edge into it), and a spout once it has emitted tuples without executing any; until one
 * or the other, whether it is a source is not known (a daemon started with its topology saw every
 * bolt as a source for its first rounds), and the query says so ({@link Query#undetermined()}), once
 * in the log per topology. Not thread-safe.
 */
final class StormQueryGraphs {
    private static final Logger LOG = LoggerFactory.getLogger(StormQueryGraphs.class);

    private final Map<String, Map<String, Set<String>>> knownEdges = new HashMap<>();
    private final Map<String, Set<String>> knownSpouts = new HashMap<>();
    private final OnceLog told = new OnceLog(LOG);

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
        Set<String> bolts = new TreeSet<>();
        downstream.values().forEach(bolts::addAll);
        Set<String> spouts = knownSpouts.computeIfAbsent(topology, t -> new TreeSet<>());
        metrics.emitters(topology).stream().filter(c -> components.contains(c) && !bolts.contains(c)).forEach(spouts::add);
        spouts.removeAll(bolts);
        Set<String> undetermined = new TreeSet<>(components);
        undetermined.removeAll(bolts);
        undetermined.removeAll(spouts);
        if (!undetermined.isEmpty()) {
            told.info(topology, "Storm topology {}: {} neither executed nor emitted a tuple yet, so whether each is a"
                    + " source is not known; no policy ranks them as sources until they do", topology, undetermined);
        }
        List<LogicalOperator> logical = components.stream().map(c -> new LogicalOperator(c, c)).toList();
        return new Query(topology, TopologyIds.name(topology), logical, downstream, undetermined);
    }

    /** Forgets the edges of every topology but {@code topologies}, those with threads here this round. */
    void retainOnly(Set<String> topologies) {
        knownEdges.keySet().retainAll(topologies);
        knownSpouts.keySet().retainAll(topologies);
    }
}
