/**
 * The extension points of the daemon, one interface pair per kind of plug-in: an SPE driver
 * ({@link dev.lachesis.core.spi.SpeDriverFactory}, {@link dev.lachesis.core.spi.SpeDriver}), a metric
 * source ({@link dev.lachesis.core.spi.MetricSourceFactory}), a policy
 * ({@link dev.lachesis.core.spi.PolicyFactory}) and a translator
 * ({@link dev.lachesis.core.spi.TranslatorFactory}), plus {@link dev.lachesis.core.spi.CommandProvider}
 * for a module's own CLI subcommands. A plug-in is a factory named as users write it in the YAML file,
 * listed in its jar's {@code META-INF/services} and loaded by {@link dev.lachesis.core.spi.Plugins}, the
 * one place that calls {@link java.util.ServiceLoader}. Everything a plug-in is given comes through
 * its context record ({@link dev.lachesis.core.spi.DriverContext} and the like).
 */
package dev.lachesis.core.spi;
