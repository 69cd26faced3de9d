package dev.lachesis.core.loop;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * What the main loop needs from the metric provider (2021 paper, Algorithm 1 L1 and L4): register
 * the policies' metrics at start-up, check each driver can resolve them, and resolve them once per
 * round per driver. An interface so the loop and the CLI can be tested with a fixed-answer fake;
 * production uses {@link ProviderMetricResolver}.
 */
public interface MetricResolver {
    /** Registers the metrics every policy needs; called once at start-up. */
    void register(Collection<String> metricNames);

    /**
     * Checks every registered metric can be resolved for an SPE whose driver provides {@code provided}.
     *
     * @throws ConfigException naming the missing primitive metric and the SPE instance
     */
    void checkResolvable(String speName, Set<String> provided) throws ConfigException;

    /** Whether {@code metricName} could be resolved for a driver that provides {@code provided}; registers nothing. */
    boolean canResolve(String metricName, Set<String> provided);

    /**
     * Resolves every registered metric for one SPE instance this round.
     *
     * @throws DriverException when the driver cannot fetch its metrics
     */
    Map<String, MetricValues> update(SpeState state, SpeDriver driver) throws DriverException;
}
