package dev.lachesis.drivers.storm;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.drivers.storm.StormSeries.Measure;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Storm 1.x built-in metrics as the original Lachesis read them from Graphite (its evaluation
 * registered the {@code com.github.staslev:storm-metrics-reporter} metrics consumer, whose Graphite
 * processor writes them): {@code <prefix>.<topologyName>.<host>.<port>.<component>.<task>.<metric>},
 * where the built-in metric loses its leading {@code __} and each map entry and value become
 * segments:
 * <ul>
 * <li>{@code receive.tuple_population.value} and {@code sendqueue.tuple_population.value}: the tuples in
 *     the executor's receive and send queues (disruptor rings), and {@code receive.overflow.value},
 *     {@code sendqueue.overflow.value}: those batched or overflowed before the ring. A queue holds
 *     their sum. ({@code population} counts ring slots, each a batch of up to
 *     {@code topology.disruptor.batch.size} tuples, and leaves out the overflow, where a backlog
 *     piles up beyond saturation: an ETL join's queue read 2-8 there against 30-217 tuples.
 *     {@code tuple_population} exists since Storm 1.1.)</li>
 * <li>{@code transfer.tuple_population.value} and {@code transfer.overflow.value} under
 *     {@code __system}, task -1: the worker transfer queue;</li>
 * <li>{@code execute-count.<from>:<stream>.value}, {@code emit-count.<stream>.value}: tuples counted
 *     during the last bucket of {@code topology.builtin.metrics.bucket.size.secs}, not totals;</li>
 * <li>{@code execute-latency.<from>:<stream>.value}: mean execute latency in ms;</li>
 * <li>{@code startTimeSecs.value} under {@code __system}, task -1: when the worker's JVM started
 *     (epoch seconds with milliseconds, from Storm 1.x's {@code SystemBolt}).</li>
 * <li>{@code source-queue-size.value}: the backlog a spout publishes as a metric of that name
 *     ({@code context.registerMetric("source-queue-size", …)}), as the source operators do on 2.x.</li>
 * </ul>
 * storm-metrics-reporter is not on Maven Central; lachesis-storm1-metrics' {@code CarbonMetricsConsumer}
 * writes these names, checked against a live Storm 1.2.3 LocalCluster ({@code Storm1DriverIT}). The
 * host keeps its dots, so a host of several segments must be given as the host glob. Immutable.
 */
public final class Storm1MetricLayout implements StormMetricLayout {
    private static final Map<String, Measure> GAUGES = Map.of(
            "receive.tuple_population", Measure.RECEIVE_QUEUE,
            "receive.overflow", Measure.RECEIVE_OVERFLOW,
            "sendqueue.tuple_population", Measure.SEND_QUEUE,
            "sendqueue.overflow", Measure.SEND_OVERFLOW,
            "transfer.tuple_population", Measure.WORKER_TRANSFER_QUEUE,
            "transfer.overflow", Measure.WORKER_TRANSFER_OVERFLOW,
            "startTimeSecs", Measure.JVM_START,
            MetricNames.SOURCE_QUEUE, Measure.SOURCE_QUEUE);

    private final String prefix;
    private final String hostGlob;
    private final Pattern gauge;
    private final Pattern stream;

    /**
     * @param prefix the reporter's prefix ({@code Storm} in the reference setup)
     * @param hostGlob the host part of the paths to fetch, e.g. {@code *} or {@code odroid.lan}
     */
    public Storm1MetricLayout(String prefix, String hostGlob) {
        this.prefix = prefix.isEmpty() ? "" : prefix + ".";
        this.hostGlob = hostGlob;
        String head = Pattern.quote(this.prefix) + "([^.]+)\\.(.+)\\.(\\d{1,5})\\.([^.]+)\\.(-?\\d{1,9})\\.";
        this.gauge = Pattern.compile(head + "((?:receive|sendqueue|transfer)\\.(?:tuple_population|overflow)"
                + "|startTimeSecs|source-queue-size)\\.value");
        this.stream = Pattern.compile(head + "(execute-count|emit-count|execute-latency)\\.([^.]+)\\.value");
    }

    @Override
    public List<String> patterns(String topologyGlob) {
        String head = prefix + topologyGlob + "." + hostGlob + ".*.";
        return List.of(
                head + "*.*.{receive,sendqueue}.{tuple_population,overflow}.value",
                head + "*.*.source-queue-size.value",
                head + "__system.-1.transfer.{tuple_population,overflow}.value",
                head + "*.*.{execute-count,emit-count,execute-latency}.*.value");
    }

    @Override
    public String discoveryPattern(String topologyGlob) {
        return prefix + topologyGlob + "." + hostGlob + ".*.__system.-1.startTimeSecs.value";
    }

    @Override
    public Optional<StormSeries> parse(String name) {
        Matcher m = gauge.matcher(name);
        if (m.matches()) {
            return Optional.of(new StormSeries(m.group(1), m.group(2), m.group(4), Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(3)), GAUGES.get(m.group(6)), ""));
        }
        m = stream.matcher(name);
        if (m.matches()) {
            Measure measure = switch (m.group(6)) {
                case "execute-count" -> Measure.EXECUTE_COUNT;
                case "emit-count" -> Measure.EMIT_COUNT;
                default -> Measure.EXECUTE_LATENCY_MS;
            };
            return Optional.of(new StormSeries(m.group(1), m.group(2), m.group(4), Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(3)), measure, m.group(7)));
        }
        return Optional.empty();
    }

    /** The consumer writes topology names, not ids. */
    @Override
    public String topologyGlob(String topologyName) {
        return topologyName == null ? "*" : topologyName;
    }

    @Override
    public boolean isTopologyNamed(String topology, String name) {
        return topology.equals(name);
    }

    /** Strips the {@code -<counter>-<submission time>} a topology id adds to its name. */
    @Override
    public String seriesTopology(String topologyId) {
        return TopologyIds.name(topologyId);
    }

    @Override
    public boolean countersAreCumulative() {
        return false;
    }
}
