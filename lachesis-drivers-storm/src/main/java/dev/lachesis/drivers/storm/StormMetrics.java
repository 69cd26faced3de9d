package dev.lachesis.drivers.storm;

import dev.lachesis.core.metricsource.SeriesAggregates;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import dev.lachesis.drivers.storm.StormSeries.Measure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The Storm series of one round, read into topologies, components, tasks and edges. What a topology
 * looks like when no Nimbus is reachable comes from here: its components are those reporting a
 * receive queue, and an edge {@code a → b} exists when {@code b} counts tuples executed from
 * {@code a} ({@code __execute-count-a:<stream>}). Immutable.
 */
final class StormMetrics {
    /** A topology whose newest value is this much older than the newest of all has stopped reporting. */
    private static final long FRESH_SECONDS = 3;

    /** A series with the parts of its name. */
    record Entry(StormSeries name, Series series) {
    }

    private record TaskKey(String topology, String component, int task, Measure measure) {
    }

    private final Map<String, SortedMap<String, SortedMap<Integer, Integer>>> tasks;
    private final Map<String, Map<String, Set<String>>> edges;
    private final Map<String, Long> lastSeen;
    private final Set<String> topologies;
    /** The newest bucket with a value of any series, in epoch seconds; -1 if none. */
    private final long newest;
    private final Map<TaskKey, List<Entry>> byTask;
    private final Map<String, Set<Double>> jvmStarts;
    private final Map<String, Set<String>> emitters;

    private StormMetrics(Map<String, SortedMap<String, SortedMap<Integer, Integer>>> tasks,
                         Map<String, Map<String, Set<String>>> edges, Map<String, Set<String>> emitters,
                         Map<String, Long> lastSeen, Map<TaskKey, List<Entry>> byTask,
                         Map<String, Set<Double>> jvmStarts) {
        this.tasks = tasks;
        this.edges = edges;
        this.emitters = emitters;
        this.lastSeen = lastSeen;
        this.byTask = byTask;
        this.jvmStarts = jvmStarts;
        this.topologies = Collections.unmodifiableSet(new TreeSet<>(lastSeen.keySet()));
        long newestOfAll = -1;
        for (long seen : lastSeen.values()) {
            newestOfAll = Math.max(newestOfAll, seen);
        }
        this.newest = newestOfAll;
    }

    /**
     * Reads {@code series}, each named as {@code names} reads its name; series it reads as empty are
     * ignored.
     */
    static StormMetrics of(List<Series> series, Function<String, Optional<StormSeries>> names) {
        Map<String, SortedMap<String, SortedMap<Integer, Integer>>> tasks = new TreeMap<>();
        Map<String, Map<String, Set<String>>> edges = new TreeMap<>();
        Map<String, Set<String>> emitters = new TreeMap<>();
        Map<String, Long> lastSeen = new HashMap<>();
        Map<TaskKey, List<Entry>> byTask = new HashMap<>();
        Map<String, Set<Double>> jvmStarts = new HashMap<>();
        for (Series s : series) {
            StormSeries name = names.apply(s.name()).orElse(null);
            if (name == null) {
                continue;
            }
            long newest = newestTime(s);
            if (newest < 0) {
                continue;
            }
            lastSeen.merge(name.topology(), newest, Math::max);
            if (name.measure() == Measure.RECEIVE_QUEUE) {
                tasks.computeIfAbsent(name.topology(), t -> new TreeMap<>())
                        .computeIfAbsent(name.component(), c -> new TreeMap<>()).put(name.task(), name.port());
            }
            if (name.measure() == Measure.JVM_START) {
                jvmStarts.computeIfAbsent(name.topology(), t -> new TreeSet<>()).add(SeriesAggregates.last(s).orElseThrow());
            }
            if (name.measure() == Measure.EMIT_COUNT && SeriesAggregates.last(s).orElse(0) > 0) {
                emitters.computeIfAbsent(name.topology(), t -> new TreeSet<>()).add(name.component());
            }
            if (name.measure() == Measure.EXECUTE_COUNT) {
                int colon = name.detail().lastIndexOf(':');
                String from = colon < 0 ? name.detail() : name.detail().substring(0, colon);
                edges.computeIfAbsent(name.topology(), t -> new TreeMap<>())
                        .computeIfAbsent(from, f -> new TreeSet<>()).add(name.component());
            }
            byTask.computeIfAbsent(new TaskKey(name.topology(), name.component(), name.task(), name.measure()),
                    k -> new ArrayList<>()).add(new Entry(name, s));
        }
        return new StormMetrics(tasks, edges, emitters, lastSeen, byTask, jvmStarts);
    }

    /**
     * Topologies whose newest value is at most {@link #FRESH_SECONDS} older than the newest of all:
     * the ones still reporting, as Graphite keeps the recent past of stopped ones.
     */
    Set<String> runningTopologies() {
        Set<String> fresh = new TreeSet<>();
        for (String topology : topologies) {
            if (lastSeen(topology) >= newest - FRESH_SECONDS) {
                fresh.add(topology);
            }
        }
        return fresh;
    }

    /**
     * The components of {@code topology} that are not Storm's own ({@code __system}, {@code __acker},
     * ...) and report a receive queue from worker {@code port}, or from any port when it is
     * {@code null}.
     */
    Set<String> queryComponents(String topology, Integer port) {
        Set<String> components = new TreeSet<>();
        tasks(topology).forEach((component, ports) -> {
            if (!component.startsWith("__") && (port == null || ports.containsValue(port))) {
                components.add(component);
            }
        });
        return components;
    }

    /** When the JVMs running {@code topology}'s workers started, as they report it, in epoch seconds. */
    Set<Double> jvmStarts(String topology) {
        return jvmStarts.getOrDefault(topology, Set.of());
    }

    /** Topologies with at least one value this round, by id (or name on 1.x). */
    Set<String> topologies() {
        return topologies;
    }

    /** The newest bucket with a value of any series of {@code topology}, in epoch seconds; -1 if none. */
    long lastSeen(String topology) {
        return lastSeen.getOrDefault(topology, -1L);
    }

    /** Component → task → worker port, for every executor task reporting a receive queue. */
    SortedMap<String, SortedMap<Integer, Integer>> tasks(String topology) {
        return tasks.getOrDefault(topology, Collections.emptySortedMap());
    }

    /** The components of {@code topology} that have emitted tuples (a non-zero emit count in the window). */
    Set<String> emitters(String topology) {
        return emitters.getOrDefault(topology, Set.of());
    }

    /** Component → the components it sends tuples to, system components included. */
    Map<String, Set<String>> edges(String topology) {
        return edges.getOrDefault(topology, Map.of());
    }

    /** The series of one task measuring {@code measure}: one per stream for counters and latencies. */
    List<Entry> series(String topology, String component, int task, Measure measure) {
        return byTask.getOrDefault(new TaskKey(topology, component, task, measure), List.of());
    }

    private static long newestTime(Series series) {
        List<DataPoint> points = series.points();
        for (int i = points.size() - 1; i >= 0; i--) {
            if (points.get(i).isPresent()) {
                return points.get(i).epochSeconds();
            }
        }
        return -1;
    }
}
