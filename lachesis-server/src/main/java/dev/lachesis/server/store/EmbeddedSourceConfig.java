package dev.lachesis.server.store;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.config.MetricsConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code metrics} section when {@code source: embedded}: the query window and the store's
 * {@link EmbeddedStoreConfig settings}. The {@code source} key picks the factory and
 * {@code query-interval} is the loop's; neither is read here; {@code url} and the timeouts belong to Graphite and are rejected. Immutable.
 *
 * @param window how far back each query looks; default 10 s
 * @param settings the store's listeners and bounds
 */
@JsonIgnoreProperties({MetricsConfig.SOURCE_KEY, MetricsConfig.QUERY_INTERVAL_KEY})
public record EmbeddedSourceConfig(Duration window, EmbeddedStoreConfig settings) {
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(10);

    public EmbeddedSourceConfig {
        window = window == null ? DEFAULT_WINDOW : window;
        settings = settings == null ? EmbeddedStoreConfig.defaults() : settings;
    }

    /**
     * Binds and validates {@code node}, reporting every bad value at once.
     *
     * @throws ConfigException one line per problem, naming the key path and line
     */
    public static EmbeddedSourceConfig bind(ConfigNode node) throws ConfigException {
        EmbeddedSourceConfig config = node.bind(EmbeddedSourceConfig.class);
        List<String> problems = new ArrayList<>();
        if (config.window.compareTo(Duration.ofSeconds(1)) < 0) {
            problems.add(node.problem("window", DurationText.format(config.window), "must be at least 1s"));
        }
        config.settings.validate(node.child("settings"), config.window, problems);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return config;
    }
}
