package dev.lachesis.drivers.storm;

import java.util.List;
import java.util.Optional;

/**
 * Where one Storm major version's reporter puts each metric in Graphite: the globs to fetch and how
 * to read a series name back. Every Graphite path and Storm metric name of a version lives in its
 * implementation, so a change in Storm's naming touches one class. Implementations are immutable.
 */
public interface StormMetricLayout {
    /**
     * The Graphite globs that fetch, in one request, everything the driver reads for the topologies
     * matching {@code topologyGlob}.
     */
    List<String> patterns(String topologyGlob);

    /**
     * The glob of a few cheap series per worker of the topologies matching {@code topologyGlob}:
     * when its JVM started ({@link StormSeries.Measure#JVM_START}), and on 2.x its transfer queue,
     * which comes with the worker's first report. Fetched every round, it names the topologies that
     * are running and the JVM each runs in.
     */
    String discoveryPattern(String topologyGlob);

    /** The parts of a series name, or empty when the series is none the driver reads. */
    Optional<StormSeries> parse(String seriesName);

    /** The glob matching the topologies of a topology name (or every topology for {@code null}). */
    String topologyGlob(String topologyName);

    /** The glob matching exactly {@code topologies} (as series name them; at least one). */
    static String topologyGlob(java.util.Collection<String> topologies) {
        if (topologies.isEmpty()) {
            throw new IllegalArgumentException("no topology to match");
        }
        return topologies.size() == 1 ? topologies.iterator().next() : "{" + String.join(",", topologies) + "}";
    }

    /** Whether {@code topology}, as it appears in series names, belongs to the topology named {@code name}. */
    boolean isTopologyNamed(String topology, String name);

    /** How series name the topology a worker's arguments call {@code topologyId}. */
    String seriesTopology(String topologyId);

    /** Whether counters are totals since start (2.x) rather than counts per reporting bucket (1.x). */
    boolean countersAreCumulative();
}
