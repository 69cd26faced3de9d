package dev.lachesis.sources.flink;

import java.util.Map;
import org.apache.flink.metrics.CharacterFilter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.Meter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.OperatorIOMetricGroup;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;

/**
 * A source reader's metric group that passes everything on and, when the connector sets its
 * FLIP-33 {@code pendingRecords} gauge, registers the same gauge as {@value SourceQueueSize#NAME}
 * too. Thread-safe as the group it wraps.
 */
final class PendingRecordsAsQueueSize implements SourceReaderMetricGroup {
    private final SourceReaderMetricGroup group;
    private boolean registered;

    PendingRecordsAsQueueSize(SourceReaderMetricGroup group) {
        this.group = group;
    }

    @Override
    public synchronized void setPendingRecordsGauge(Gauge<Long> pendingRecords) {
        group.setPendingRecordsGauge(pendingRecords);
        if (!registered) {
            group.gauge(SourceQueueSize.NAME, pendingRecords);
            registered = true;
        }
    }

    @Override
    public Counter getNumRecordsInErrorsCounter() {
        return group.getNumRecordsInErrorsCounter();
    }

    @Override
    public void setPendingBytesGauge(Gauge<Long> pendingBytes) {
        group.setPendingBytesGauge(pendingBytes);
    }

    @Override
    public OperatorIOMetricGroup getIOMetricGroup() {
        return group.getIOMetricGroup();
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
    public MetricGroup addGroup(String name) {
        return group.addGroup(name);
    }

    @Override
    public MetricGroup addGroup(String key, String value) {
        return group.addGroup(key, value);
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
