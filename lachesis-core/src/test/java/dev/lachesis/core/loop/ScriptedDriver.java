package dev.lachesis.core.loop;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.testing.FakeSpe;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/** A driver over {@link FakeSpe} that a test can make fail, and that counts refreshes. */
final class ScriptedDriver implements SpeDriver {
    private final String speName;
    private String failure;
    private RuntimeException crash;
    private int refreshes;
    private boolean closed;

    ScriptedDriver(String speName) {
        this.speName = speName;
    }

    void failWith(String message) {
        failure = message;
    }

    void crashWith(RuntimeException e) {
        crash = e;
    }

    void recover() {
        failure = null;
        crash = null;
    }

    @Override
    public SpeState refresh() throws DriverException {
        refreshes++;
        if (crash != null) {
            throw crash;
        }
        if (failure != null) {
            throw new DriverException(failure);
        }
        return FakeSpe.state(speName, 2, Instant.EPOCH);
    }

    @Override
    public Set<String> providedMetrics() {
        return Set.of(MetricNames.INPUT_QUEUE);
    }

    @Override
    public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) {
        return FakeSpe.metrics(2);
    }

    @Override
    public void close() {
        closed = true;
    }

    int refreshes() {
        return refreshes;
    }

    boolean isClosed() {
        return closed;
    }
}
