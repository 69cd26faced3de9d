package dev.lachesis.drivers.storm;

import dev.lachesis.discovery.EachJvmThreads;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.JvmThreadLister;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.spi.SpeDriver;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sees Apache Storm topologies without any Storm jar: finds worker and local-mode JVMs through
 * {@code /proc}, reads everything else from the series Storm's own Graphite reporter publishes —
 * one {@link MetricSource#query} per round (two in a round where a topology starts reporting), made
 * by {@link #refresh()} and reused by {@link #fetch} — places the running topologies in JVMs
 * ({@link JvmTopologies}), and names the threads of those JVMs only through the shared
 * {@link JvmThreadLister}. Queries name the running topologies, so Graphite reads no stopped
 * topology's files. The query graph comes from the {@code __execute-count-<from>:<stream>} series
 * names. A series name is read once, then remembered for as long as it keeps appearing. Called from
 * the main loop's thread only.
 */
public final class StormDriver implements SpeDriver {
    private static final Logger LOG = LoggerFactory.getLogger(StormDriver.class);
    /** How long a topology that stopped reporting is still read by name. */
    private static final Duration KEEP_READING = Duration.ofSeconds(30);

    private final StormSettings settings;
    private final String topologyName;
    private final StormMetricLayout layout;
    private final MetricSource source;
    private final JvmThreadLister lister;
    private final Clock clock;
    private final StormProcessFinder finder;
    private final StormStateBuilder builder;
    private final JvmTopologies jvmTopologies;
    private final StormMetricReader reader;
    /** Each series name as the layout reads it, empty for series of other topologies than the configured one. */
    private final RoundMemo<Optional<StormSeries>> seriesNames;
    private final EachJvmThreads eachJvm = new EachJvmThreads(LOG, "Storm PID");
    private StormView last;
    /** Topology (as series name it) → when it last reported: the topologies each round reads. */
    private final Map<String, Instant> lastReported = new TreeMap<>();

    /**
     * @param topologyName only this topology ({@code null}: every topology found)
     * @param pids the worker JVMs to watch, or empty to scan {@code /proc}
     */
    public StormDriver(String speName, StormSettings settings, String topologyName, List<Integer> pids,
                       MetricSource source, JvmThreadLister lister, ProcFs proc, Clock clock) {
        this(speName, settings, settings.layout(), topologyName, pids, source, lister, proc, clock);
    }

    /** @param layout where the settings' Storm version puts each metric */
    StormDriver(String speName, StormSettings settings, StormMetricLayout layout, String topologyName, List<Integer> pids,
                MetricSource source, JvmThreadLister lister, ProcFs proc, Clock clock) {
        this.settings = settings;
        this.topologyName = topologyName;
        this.layout = layout;
        this.source = source;
        this.lister = lister;
        this.clock = clock;
        this.finder = new StormProcessFinder(proc, pids, topologyName);
        this.builder = new StormStateBuilder(speName);
        this.jvmTopologies = new JvmTopologies(layout, proc);
        this.reader = new StormMetricReader(layout.countersAreCumulative(), settings.metricsBucket().toMillis() / 1000.0);
        this.seriesNames = new RoundMemo<>(name -> layout.parse(name)
                .filter(s -> topologyName == null || layout.isTopologyNamed(s.topology(), topologyName)));
        LOG.info("Storm {}.x driver for SPE '{}': {}, topology {}, query graph from the metric names host '{}' reports to {}",
                settings.version(), speName, pids.isEmpty() ? "workers found in /proc" : "PIDs " + pids,
                topologyName == null ? "any" : "'" + topologyName + "'", settings.host(), source.describe());
    }

    /**
     * Finds the Storm JVMs, reads the round's series, places the running topologies in JVMs
     * ({@link JvmTopologies}) and only then names the threads of the JVMs that run one: a JVM of
     * another topology is never thread-dumped.
     */
    @Override
    public SpeState refresh() throws DriverException {
        List<StormProcess> processes = finder.find();
        if (processes.isEmpty()) {
            throw new DriverException("no Storm worker or local-mode JVM is running"
                    + (topologyName == null ? "" : " for topology '" + topologyName + "'"));
        }
        Instant now = clock.instant();
        StormMetrics metrics = read(processes, now);
        Map<Integer, List<String>> topologies = jvmTopologies.update(processes, metrics, lastReported.keySet(), now);
        List<StormProcess> running = processes.stream().filter(p -> topologies.containsKey(p.pid())).toList();
        last = builder.build(running, topologies, threadsOf(running), metrics, now);
        if (topologyName != null && last.state().pids().isEmpty()) {
            throw new DriverException("no Storm worker or local-mode JVM is running for topology '" + topologyName
                    + "' (Storm JVMs found: " + processes.stream().map(StormProcess::pid).toList()
                    + (metrics.runningTopologies().isEmpty() ? "; no topology of that name reports from host '"
                    + settings.host() + "' to " + source.describe() + ": does it set topology.metrics.reporters"
                    + " (see config/storm.yaml), and do its reporters name this host as settings.host does?)"
                    : ", none known to run it)"));
        }
        return last.state();
    }

    @Override
    public Set<String> providedMetrics() {
        Set<String> provided = new HashSet<>(Set.of(MetricNames.INPUT_QUEUE, MetricNames.OUTPUT_QUEUE,
                MetricNames.PROCESSED_RATE, MetricNames.EMITTED_RATE, MetricNames.PROCESSING_TIME,
                MetricNames.SOURCE_QUEUE, MetricNames.PROGRESS_INTERVAL_COUNT, MetricNames.PROGRESS_INTERVAL_START,
                MetricNames.PROGRESS_INTERVAL_END));
        if (settings.version() == 2) {
            provided.add(MetricNames.ARRIVAL_RATE);
            provided.add(MetricNames.HEAD_AGE_REPORTED);
            provided.add(MetricNames.INPUT_QUEUE_CAPACITY);
        }
        return Set.copyOf(provided);
    }

    /**
     * Reads the requested metrics from the series {@link #refresh()} fetched this round; only a
     * state from elsewhere makes it query again.
     */
    @Override
    public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) throws DriverException {
        StormView view = last;
        if (view == null) {
            throw new DriverException("fetch before the first refresh of the Storm driver");
        }
        if (view.state() != state) {
            view = new StormView(state, view.executors(), view.transferQueues(),
                    StormMetrics.of(query(patterns(lastReported.keySet())), seriesNames::get));
        }
        return reader.read(view, metrics);
    }

    /**
     * Warns that real time does not pay on Storm 2, and why: its executors poll their queues and
     * park between polls, so every idle executor in a real-time class wakes each park (a real-time
     * thread gets no timer slack) and preempts the one with work; with Storm's default
     * WaitStrategyProgressive they spin outright and starve the timers and executors they wait
     * for. Measured on the ETL query beyond saturation (experiments/results/README.md): QS-IO
     * through SCHED_RR kept less than the kernel alone with park waits, where QS-IO and DRAIN
     * through nice gained. Storm 1.x's executors block on their queues, and its spouts sleep, so
     * there is nothing to say. The {@code rt} translator applies nice to a policy's Storm 2 threads
     * by itself ({@link #operatorThreadsPoll()}); this is heard only where real time was kept anyway:
     * {@code polling-spes: rt}, or a policy that also schedules an SPE whose threads block.
     */
    @Override
    public void scheduledInRealTime() {
        if (settings.version() == 1) {
            return;
        }
        LOG.warn("A real-time translator schedules Storm 2 threads, where real time measured below the kernel alone "
                + "(idle executors wake at every park and preempt the one with work): give Storm 2 a policy of its "
                + "own with translator: nice, or with translator: rt and its default polling-spes: nice; real time "
                + "pays on Storm 1.x{}", spinningAdvice());
    }

    /** Storm 2's executors poll their queues and park between polls; Storm 1.x's block on them. */
    @Override
    public boolean operatorThreadsPoll() {
        return settings.version() == 2;
    }

    /** The park settings to add to the warning when the topology's executors may spin; empty with park waits. */
    private String spinningAdvice() {
        String wait = settings.waitStrategy();
        if (wait.equals("park")) {
            return "";
        }
        String strategy = wait.equals("progressive") ? "WaitStrategyProgressive"
                : "an unknown strategy (settings.wait-strategy is 'unknown')";
        return "; worse, the topology's executors may wait with " + strategy + ", which spins and starves the "
                + "timers and executors it waits for: if you keep real time, set topology.spout.wait.strategy, "
                + "topology.bolt.wait.strategy and topology.backpressure.wait.strategy to "
                + "org.apache.storm.policy.WaitStrategyPark, then settings.wait-strategy: park";
    }

    /**
     * The round's series. Graphite keeps the files of every topology that ever reported, and a glob
     * over all of them makes graphite-web read them all, so the driver names the topologies it
     * reads: those that reported in the last {@link #KEEP_READING} (a loaded carbon may skip a
     * round's window), plus those named by workers' arguments, plus — for the cheap discovery
     * pattern alone — every topology. A topology the discovery pattern shows reporting that was not
     * named is read with a second query, once.
     */
    private StormMetrics read(List<StormProcess> processes, Instant now) throws DriverException {
        seriesNames.nextRound();
        Set<String> named = new TreeSet<>(lastReported.keySet());
        processes.forEach(p -> p.topology().map(layout::seriesTopology).ifPresent(named::add));
        List<Series> series = new ArrayList<>(query(patterns(named)));
        StormMetrics metrics = StormMetrics.of(series, seriesNames::get);
        Set<String> unread = new TreeSet<>(metrics.topologies());
        unread.removeAll(named);
        if (!unread.isEmpty()) {
            series.addAll(query(layout.patterns(StormMetricLayout.topologyGlob(unread))));
            metrics = StormMetrics.of(distinct(series), seriesNames::get);
        }
        Set<String> before = Set.copyOf(lastReported.keySet());
        metrics.topologies().forEach(t -> lastReported.put(t, now));
        lastReported.values().removeIf(seen -> seen.plus(KEEP_READING).isBefore(now));
        if (!lastReported.keySet().equals(before)) {
            LOG.info("Storm topologies reporting to {}: {}", source.describe(),
                    lastReported.isEmpty() ? "none" : lastReported.keySet());
        }
        return metrics;
    }

    /** The discovery pattern over every topology, and everything else for {@code named} ones only. */
    private List<String> patterns(Set<String> named) {
        List<String> patterns = new ArrayList<>();
        patterns.add(layout.discoveryPattern(layout.topologyGlob(topologyName)));
        if (!named.isEmpty()) {
            patterns.addAll(layout.patterns(StormMetricLayout.topologyGlob(named)));
        }
        return patterns;
    }

    /**
     * The series matching {@code patterns}, each once: Graphite answers each target on its own, and
     * the discovery glob and a topology's globs both match its transfer queues.
     */
    private List<Series> query(List<String> patterns) throws DriverException {
        try {
            return distinct(source.query(patterns, settings.window()));
        } catch (MetricSourceException e) {
            throw new DriverException("cannot read Storm metrics: " + e.getMessage(), e);
        }
    }

    private static List<Series> distinct(List<Series> series) {
        Map<String, Series> byName = new LinkedHashMap<>();
        series.forEach(s -> byName.putIfAbsent(s.name(), s));
        return byName.size() == series.size() ? series : new ArrayList<>(byName.values());
    }

    /**
     * The threads of each JVM, asked of the shared lister every round: it dumps a JVM again only
     * when threads it could not name yet are still there, so a thread first named by its
     * {@code comm} gets its full name even when no thread comes or goes afterwards.
     */
    private Map<Integer, List<JvmThread>> threadsOf(List<StormProcess> processes) throws DriverException {
        return eachJvm.read(processes.stream().map(StormProcess::pid).toList(), lister::threads);
    }
}
