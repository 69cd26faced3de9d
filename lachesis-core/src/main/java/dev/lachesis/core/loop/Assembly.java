package dev.lachesis.core.loop;

import dev.lachesis.core.spi.MetricSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a valid policy file turns into: the SPE instances with their drivers, the policies
 * with their translators, the metric resolver and the metric sources the drivers read. Owns them:
 * {@link #close()} first restores every thread (closes translators), then closes drivers and
 * sources. Closing twice does nothing the second time; thread-safe.
 */
public final class Assembly implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Assembly.class);

    private final List<Spe> spes;
    private final List<ScheduledPolicy> policies;
    private final MetricResolver metrics;
    private final List<MetricSource> sources;
    private final AtomicBoolean closed = new AtomicBoolean();

    public Assembly(List<Spe> spes, List<ScheduledPolicy> policies, MetricResolver metrics,
                    List<MetricSource> sources) {
        this.spes = List.copyOf(spes);
        this.policies = List.copyOf(policies);
        this.metrics = metrics;
        this.sources = List.copyOf(sources);
    }

    public List<Spe> spes() {
        return spes;
    }

    public List<ScheduledPolicy> policies() {
        return policies;
    }

    public MetricResolver metrics() {
        return metrics;
    }

    /** Restores every thread the translators touched, then releases drivers and metric sources. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (ScheduledPolicy policy : policies) {
            try {
                policy.translator().close();
            } catch (RuntimeException e) {
                LOG.error("Could not restore the threads of policy '{}': {}", policy.name(), e.getMessage(), e);
            }
        }
        releaseDriversAndSources();
    }

    /**
     * Releases drivers and metric sources but leaves every applied setting in place, for
     * {@code once}: its changes stay until {@code lachesis restore} undoes them from the journal.
     */
    public void closeKeepingSettings() {
        if (closed.compareAndSet(false, true)) {
            releaseDriversAndSources();
        }
    }

    private void releaseDriversAndSources() {
        for (Spe spe : spes) {
            try {
                spe.driver().close();
            } catch (RuntimeException e) {
                LOG.warn("Could not close the driver of SPE '{}': {}", spe.name(), e.getMessage(), e);
            }
        }
        for (MetricSource source : sources) {
            try {
                source.close();
            } catch (RuntimeException e) {
                LOG.warn("Could not close metric source {}: {}", source.describe(), e.getMessage(), e);
            }
        }
    }
}
