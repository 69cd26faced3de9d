package dev.lachesis.drivers.storm;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.drivers.storm.StormSeries.Measure;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Storm 2.x metrics v2 as {@code org.apache.storm.metrics2.reporters.GraphiteStormReporter} writes
 * them (checked against Storm 2.8.3, see {@code src/test/resources/storm-2.8.3/metric-names-*.txt}):
 * <ul>
 * <li>per-executor queue gauges {@code storm.worker.<topologyId>.<host>.<component>.<task>.<port>-receive-queue-population},
 *     {@code -receive-queue-arrival_rate_secs}, {@code -receive-queue-sojourn_time_ms}, {@code -receive-queue-capacity};</li>
 * <li>the worker's transfer queue under component {@code __system}, task -1:
 *     {@code …__system.-1.<port>-worker-transfer-queue-population};</li>
 * <li>per-stream task metrics with the stream as an extra segment:
 *     {@code storm.worker.<topologyId>.<host>.<component>.<stream>.<task>.<port>-__execute-count-<from>:<stream>.count}
 *     and {@code -__emit-count-<stream>.count} (totals since start, already multiplied by 1 /
 *     {@code topology.stats.sample.rate} by Storm), {@code -__execute-latency-<from>:<stream>} (ms).</li>
 * </ul>
 * A spout that keeps records of its own (a Kafka fetch buffer, a rate limiter's backlog) reports
 * them as a metrics v2 gauge named {@value #SOURCE_QUEUE_GAUGE}, which Storm writes under the
 * topology prefix: {@code storm.topology.<topologyId>.<host>.<component>.<task>.<port>-source-queue-size}.
 * Each worker's {@code __system} component reports when its JVM started, in whole epoch seconds
 * ({@code RuntimeMXBean.getStartTime() / 1000}):
 * {@code storm.topology.<topologyId>.<host>.__system.-1.<port>-startTimeSecs}. Storm registers that
 * gauge when {@code __system} prepares, a second or more after the queue gauges, so the discovery
 * glob fetches each worker's transfer queue too, which is in its first report.
 * Storm replaces dots in host, component and stream names with underscores, so each is one segment.
 * An optional prefix ({@code graphite.prefixed.with} in the reporter's settings) comes first.
 * Immutable.
 */
public final class Storm2MetricLayout implements StormMetricLayout {
    private static final Map<String, Measure> GAUGES = Map.of(
            "receive-queue-population", Measure.RECEIVE_QUEUE,
            "receive-queue-arrival_rate_secs", Measure.ARRIVAL_RATE,
            "receive-queue-sojourn_time_ms", Measure.SOJOURN_MS,
            "receive-queue-capacity", Measure.RECEIVE_QUEUE_CAPACITY,
            "worker-transfer-queue-population", Measure.WORKER_TRANSFER_QUEUE);
    /** The gauge a spout registers ({@code context.registerGauge}) for the records waiting inside it. */
    public static final String SOURCE_QUEUE_GAUGE = MetricNames.SOURCE_QUEUE;
    private static final String JVM_START_GAUGE = "startTimeSecs";

    private static final String SEGMENT = "([^.]+)";
    private static final String TASK_PORT = "(-?\\d{1,9})\\.(\\d{1,5})-";

    private final String prefix;
    private final String hostGlob;
    private final Pattern gauge;
    private final Pattern streamCounter;
    private final Pattern streamLatency;
    private final Pattern sourceQueue;
    private final Pattern jvmStart;

    /**
     * @param prefix the reporter's {@code graphite.prefixed.with}, or empty
     * @param hostGlob the reporting hosts to read, e.g. {@code *} or {@code edge1.lan} (read as
     *     {@code edge1_lan}: Storm 2 writes a host's dots as underscores)
     */
    public Storm2MetricLayout(String prefix, String hostGlob) {
        this.prefix = prefix.isEmpty() ? "" : prefix + ".";
        this.hostGlob = hostGlob.replace('.', '_');
        String head = Pattern.quote(this.prefix + "storm.worker.") + SEGMENT + "\\." + SEGMENT + "\\." + SEGMENT + "\\.";
        this.gauge = Pattern.compile(head + TASK_PORT + "(" + String.join("|", GAUGES.keySet()) + ")");
        this.streamCounter = Pattern.compile(head + SEGMENT + "\\." + TASK_PORT + "__(execute|emit)-count-([^.]+)\\.count");
        this.streamLatency = Pattern.compile(head + SEGMENT + "\\." + TASK_PORT + "__execute-latency-([^.]+)");
        this.sourceQueue = Pattern.compile(Pattern.quote(this.prefix + "storm.topology.") + SEGMENT + "\\." + SEGMENT
                + "\\." + SEGMENT + "\\." + TASK_PORT + Pattern.quote(SOURCE_QUEUE_GAUGE));
        this.jvmStart = Pattern.compile(Pattern.quote(this.prefix + "storm.topology.") + SEGMENT + "\\." + SEGMENT
                + "\\.__system\\." + TASK_PORT + JVM_START_GAUGE);
    }

    @Override
    public List<String> patterns(String topologyGlob) {
        String head = prefix + "storm.worker." + topologyGlob + "." + hostGlob + ".";
        return List.of(
                head + "*.*.*-receive-queue-{population,arrival_rate_secs,sojourn_time_ms,capacity}",
                head + "__system.-1.*-worker-transfer-queue-population",
                head + "*.*.*.*-__execute-count-*.count",
                head + "*.*.*.*-__emit-count-*.count",
                head + "*.*.*.*-__execute-latency-*",
                prefix + "storm.topology." + topologyGlob + "." + hostGlob + ".*.*.*-" + SOURCE_QUEUE_GAUGE);
    }

    @Override
    public String discoveryPattern(String topologyGlob) {
        return prefix + "storm.{topology,worker}." + topologyGlob + "." + hostGlob + ".__system.-1.*-{" + JVM_START_GAUGE
                + ",worker-transfer-queue-population}";
    }

    @Override
    public Optional<StormSeries> parse(String name) {
        Matcher m = gauge.matcher(name);
        if (m.matches()) {
            return Optional.of(new StormSeries(m.group(1), m.group(2), m.group(3), Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)), GAUGES.get(m.group(6)), ""));
        }
        m = streamCounter.matcher(name);
        if (m.matches()) {
            Measure measure = m.group(7).equals("execute") ? Measure.EXECUTE_COUNT : Measure.EMIT_COUNT;
            return Optional.of(new StormSeries(m.group(1), m.group(2), m.group(3), Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(6)), measure, m.group(8)));
        }
        m = streamLatency.matcher(name);
        if (m.matches()) {
            return Optional.of(new StormSeries(m.group(1), m.group(2), m.group(3), Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(6)), Measure.EXECUTE_LATENCY_MS, m.group(7)));
        }
        m = sourceQueue.matcher(name);
        if (m.matches()) {
            return Optional.of(new StormSeries(m.group(1), m.group(2), m.group(3), Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)), Measure.SOURCE_QUEUE, ""));
        }
        m = jvmStart.matcher(name);
        if (m.matches()) {
            return Optional.of(new StormSeries(m.group(1), m.group(2), "__system", Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)), Measure.JVM_START, ""));
        }
        return Optional.empty();
    }

    /** Topology ids are {@code <name>-<counter>-<submission time>}. */
    @Override
    public String topologyGlob(String topologyName) {
        return topologyName == null ? "*" : topologyName + "-*";
    }

    @Override
    public boolean isTopologyNamed(String topology, String name) {
        return TopologyIds.isIdOf(topology, name);
    }

    @Override
    public String seriesTopology(String topologyId) {
        return topologyId;
    }

    @Override
    public boolean countersAreCumulative() {
        return true;
    }
}
