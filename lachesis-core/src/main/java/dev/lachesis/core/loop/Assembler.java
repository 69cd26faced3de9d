package dev.lachesis.core.loop;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.config.MetricsConfig;
import dev.lachesis.core.config.PolicyConfig;
import dev.lachesis.core.config.SpeConfig;
import dev.lachesis.core.metric.CpuMeasuringDriver;
import dev.lachesis.core.metric.FreshMetricsDriver;
import dev.lachesis.core.metricsource.ReusedAnswerSource;
import dev.lachesis.core.metricsource.WatchedMetricSource;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.JvmThreadLister;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a policy file into an {@link Assembly}: validates it ({@link ConfigValidator}), creates
 * metric sources, drivers, translators and policies through their factories, then checks what only
 * the created plug-ins know — that each translator accepts its policy's schedule form and that every
 * metric the policies and their translators need can be resolved for every SPE instance.
 * {@code validate} and {@code run} both go through here, so a file {@code validate} accepts is one
 * {@code run} starts with. Collects every problem before failing; on failure closes whatever it
 * created. The assemblies one assembler makes (a daemon's, one per reload of its file) share
 * metric sources whose settings are the same ({@link SharedMetricSources}).
 */
public final class Assembler {
    private static final Logger LOG = LoggerFactory.getLogger(Assembler.class);
    /**
     * How often the SPEs' metrics change at best: their Graphite reporters send once a second into
     * 1-s buckets (measured: the newest bucket is 0–2 s old, median 1 s; experiments/results, issue 24).
     */
    static final Duration METRIC_RESOLUTION = Duration.ofSeconds(1);

    private final PluginRegistry plugins;
    private final JvmThreadLister threads;
    private final Clock clock;
    private final SharedMetricSources sources = new SharedMetricSources();

    public Assembler(PluginRegistry plugins, JvmThreadLister threads, Clock clock) {
        this.plugins = Objects.requireNonNull(plugins, "plugins");
        this.threads = Objects.requireNonNull(threads, "threads");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Builds the daemon's parts from {@code config}.
     *
     * @param resolver makes the metric resolver the policies' metrics are registered with; called
     *     once the file is known to be valid
     * @throws ConfigException one line per problem, each naming key path and line
     */
    public Assembly assemble(LachesisConfig config, Supplier<MetricResolver> resolver) throws ConfigException {
        new ConfigValidator(plugins).validate(config);
        MetricResolver metrics = resolver.get();
        List<String> problems = new ArrayList<>();
        List<MetricSource> sources = new ArrayList<>();
        List<Spe> spes = new ArrayList<>();
        List<ScheduledPolicy> policies = new ArrayList<>();
        try {
            createSpes(config, sources, spes, problems);
            createPolicies(config, spes, policies, problems);
            checkMetrics(metrics, spes, policies, problems);
            if (problems.isEmpty()) {
                tellDriversAboutRealTime(spes, policies);
            }
        } catch (RuntimeException e) {
            problems.add("a plug-in failed while starting: " + e);
        }
        Assembly assembly = new Assembly(spes, policies, metrics, sources);
        if (!problems.isEmpty()) {
            assembly.close();
            // Translators sharing a journal that cannot be used each report it: one line is enough.
            throw new ConfigException(List.copyOf(new LinkedHashSet<>(problems)));
        }
        return assembly;
    }

    private void createSpes(LachesisConfig config, List<MetricSource> sources, List<Spe> spes, List<String> problems) {
        MetricSource shared = null;
        for (int i = 0; i < config.spes().size(); i++) {
            SpeConfig spe = config.spes().get(i);
            ConfigNode node = config.speNode(i);
            try {
                MetricSource source;
                if (node.child("metrics").isMissing()) {
                    if (shared == null) {
                        shared = createSource(config, config.root().child("metrics"), config.metrics());
                        sources.add(shared);
                    }
                    source = shared;
                } else {
                    ConfigNode own = config.metricsNodeFor(i);
                    source = createSource(config, own, own.bind(MetricsConfig.class));
                    sources.add(source);
                }
                WatchedMetricSource watched = new WatchedMetricSource(source);
                SpeDriver driver = plugins.drivers().get(spe.driver(), config.where(node.path() + ".driver"))
                        .create(new DriverContext(spe.name(), node, spe.pids(), watched, threads, clock));
                spes.add(new Spe(spe.name(), new CpuMeasuringDriver(new FreshMetricsDriver(driver, watched, clock),
                        ProcFs.system(), System::nanoTime)));
            } catch (ConfigException e) {
                problems.addAll(e.problems());
            }
        }
    }

    private MetricSource createSource(LachesisConfig config, ConfigNode node, MetricsConfig settings)
            throws ConfigException {
        MetricSourceFactory factory = plugins.metricSources().get(settings.source(), config.where(node.path() + ".source"));
        return new ReusedAnswerSource(sources.lease(node.json(), () -> factory.create(node)), settings.queryInterval(),
                clock);
    }

    private void createPolicies(LachesisConfig config, List<Spe> spes, List<ScheduledPolicy> policies,
                                List<String> problems) {
        List<String> allSpes = config.spes().stream().map(SpeConfig::name).toList();
        Set<String> pollingSpes = spes.stream().filter(spe -> spe.driver().operatorThreadsPoll()).map(Spe::name)
                .collect(Collectors.toSet());
        for (int i = 0; i < config.policies().size(); i++) {
            PolicyConfig settings = config.policies().get(i);
            ConfigNode node = config.policyNode(i);
            List<String> scheduled = settings.spes().isEmpty() ? allSpes : settings.spes();
            Translator translator = null;
            try {
                translator = plugins.translators().get(settings.translator(), config.where(node.path() + ".translator"))
                        .create(new TranslatorContext(settings.name(), node.child("translator-settings"),
                                config.cgroupsNode(), config.journal(), scheduled,
                                scheduled.stream().filter(pollingSpes::contains).collect(Collectors.toSet())));
            } catch (ConfigException e) {
                // Still create the policy below: its own settings are checked too, so one run lists every problem.
                problems.addAll(e.problems());
            }
            try {
                long seed = settings.seed() != null ? settings.seed() : ThreadLocalRandom.current().nextLong();
                Policy policy = plugins.policies().get(settings.policy(), config.where(node.path() + ".policy"))
                        .create(new PolicyContext(settings.name(), node.child("settings"),
                                translator != null && translator.isRealTime(), seed));
                if (translator == null) {
                    continue;
                }
                if (policy.form() != translator.accepts()) {
                    problems.add(config.where(node.path() + ".translator") + " was '" + settings.translator()
                            + "' but it applies " + label(translator.accepts()) + " schedules and policy '"
                            + settings.policy() + "' produces " + label(policy.form()) + " schedules");
                }
                policies.add(new ScheduledPolicy(settings.name(), policy, settings.period(), scheduled, translator));
                if (settings.period().compareTo(METRIC_RESOLUTION) < 0 && !policy.requiredMetrics().isEmpty()) {
                    LOG.info("Policy '{}' runs every {} ms, but the SPEs' metrics change at most once a second (their"
                            + " reporters' period, Graphite's 1-s buckets): the rounds in between reuse the same"
                            + " values and only cost CPU", settings.name(), settings.period().toMillis());
                }
            } catch (ConfigException e) {
                problems.addAll(e.problems());
                if (translator != null) {
                    translator.close();
                }
            }
        }
    }

    private static void checkMetrics(MetricResolver metrics, List<Spe> spes, List<ScheduledPolicy> policies,
                                     List<String> problems) {
        Set<String> needed = new LinkedHashSet<>();
        for (ScheduledPolicy policy : policies) {
            needed.addAll(policy.policy().requiredMetrics());
            for (String optional : policy.translator().optionalMetrics()) {
                List<String> without = spes.stream()
                        .filter(spe -> !metrics.canResolve(optional, spe.driver().providedMetrics()))
                        .map(Spe::name).toList();
                if (without.isEmpty()) {
                    needed.add(optional);
                } else {
                    LOG.info("Policy '{}': its translator works without metric '{}', which SPE(s) {} cannot give",
                            policy.name(), optional, without);
                }
            }
        }
        metrics.register(needed);
        for (Spe spe : spes) {
            try {
                metrics.checkResolvable(spe.name(), spe.driver().providedMetrics());
            } catch (ConfigException e) {
                problems.addAll(e.problems());
            }
        }
    }

    /** Lets each driver whose SPE a real-time translator schedules warn about settings that starve under RT. */
    private static void tellDriversAboutRealTime(List<Spe> spes, List<ScheduledPolicy> policies) {
        Set<String> realTime = new LinkedHashSet<>();
        for (ScheduledPolicy policy : policies) {
            if (policy.translator().isRealTime()) {
                realTime.addAll(policy.spes());
            }
        }
        for (Spe spe : spes) {
            if (realTime.contains(spe.name())) {
                spe.driver().scheduledInRealTime();
            }
        }
    }

    private static String label(ScheduleForm form) {
        return form.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
