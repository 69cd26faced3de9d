package dev.lachesis.sources.flink;

import java.util.Map;
import org.apache.flink.metrics.CharacterFilter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.Meter;
import org.apache.flink.metrics.MetricGroup;

/**
 * A Flink metric group that hands every call to the group it wraps: the taps that watch what a
 * connector registers extend it and override only what they watch. Thread-safe as the group it
 * wraps.
 */
abstract class ForwardingMetricGroup implements MetricGroup {
    private final MetricGroup group;

    ForwardingMetricGroup(MetricGroup group) {
        this.group = group;
    }

    @Override
    public MetricGroup addGroup(String name) {
        return group.addGroup(name);
    }

    @Override
    public MetricGroup addGroup(String key, String value) {
        return group.addGroup(key, value);
    }

    @Override
    public Counter counter(String name) {
        return group.counter(name);
    }

    @Override
    public <C extends Counter> C counter(String name, C counter) {
        return group.counter(name, counter);
    }

    @Override
    public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
        return group.gauge(name, gauge);
    }

    @Override
    public <H extends Histogram> H histogram(String name, H histogram) {
        return group.histogram(name, histogram);
    }

    @Override
    public <M extends Meter> M meter(String name, M meter) {
        return group.meter(name, meter);
    }

    @Override
    public String[] getScopeComponents() {
        return group.getScopeComponents();
    }

    @Override
    public Map<String, String> getAllVariables() {
        return group.getAllVariables();
    }

    @Override
    public String getMetricIdentifier(String metricName) {
        return group.getMetricIdentifier(metricName);
    }

    @Override
    public String getMetricIdentifier(String metricName, CharacterFilter filter) {
        return group.getMetricIdentifier(metricName, filter);
    }
}
