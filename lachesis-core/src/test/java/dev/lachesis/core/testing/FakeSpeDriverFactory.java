package dev.lachesis.core.testing;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code driver: fake-spe}: a driver over {@link FakeSpe}; {@code settings.replicas} (default 2, at least 1),
 * {@code settings.polls} (whether its operator threads poll their queues; default false).
 */
public final class FakeSpeDriverFactory implements SpeDriverFactory {
    /** The SPEs whose drivers were told a real-time translator schedules them. */
    public static final List<String> TOLD_REAL_TIME = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
        return "fake-spe";
    }

    @Override
    public SpeDriver create(DriverContext context) throws ConfigException {
        ConfigNode settings = context.config().child("settings");
        Settings bound = settings.bind(Settings.class);
        if (bound.replicas() < 1) {
            throw settings.error("replicas", bound.replicas(), "must be at least 1");
        }
        return new Driver(context.speName(), bound.replicas(), bound.polls(), context.clock());
    }

    /** The fake driver's settings. */
    public record Settings(Integer replicas, Boolean polls) {
        public Settings {
            replicas = replicas == null ? 2 : replicas;
            polls = polls != null && polls;
        }
    }

    private record Driver(String speName, int replicas, boolean polls, Clock clock) implements SpeDriver {
        @Override
        public SpeState refresh() {
            return FakeSpe.state(speName, replicas, clock.instant());
        }

        @Override
        public boolean operatorThreadsPoll() {
            return polls;
        }

        @Override
        public void scheduledInRealTime() {
            TOLD_REAL_TIME.add(speName);
        }

        @Override
        public Set<String> providedMetrics() {
            return Set.of(MetricNames.INPUT_QUEUE);
        }

        @Override
        public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) {
            Map<String, MetricValues> result = new HashMap<>();
            for (String metric : metrics) {
                result.put(metric, FakeSpe.metrics(replicas).getOrDefault(metric, MetricValues.empty()));
            }
            return result;
        }
    }
}
