package dev.lachesis.core.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricCatalogTest {
    @Test
    void containsThePrimitiveAndDerivedMetricsOfMetricNames() {
        MetricCatalog catalog = MetricCatalog.load();

        assertThat(catalog.names()).contains(MetricNames.INPUT_QUEUE, MetricNames.OUTPUT_QUEUE,
                MetricNames.SOURCE_QUEUE, MetricNames.ARRIVAL_RATE, MetricNames.PROCESSED_RATE,
                MetricNames.EMITTED_RATE, MetricNames.PROCESSING_TIME, MetricNames.HEAD_AGE_REPORTED,
                MetricNames.QUEUE_SIZE, MetricNames.SELECTIVITY, MetricNames.COST, MetricNames.PATH_SELECTIVITY,
                MetricNames.PATH_COST, MetricNames.HIGHEST_RATE, MetricNames.HEAD_AGE, MetricNames.QUEUE_SIZE_CV);
        assertThat(catalog.get(MetricNames.INPUT_QUEUE)).get().matches(Metric::isPrimitive);
        assertThat(catalog.get(MetricNames.HIGHEST_RATE)).get().matches(m -> !m.isPrimitive());
    }

    @Test
    void addsTheMetricsModulesListWithServiceLoaderAndTheProviderComputesThem(@TempDir Path module) throws Exception {
        Path services = Files.createDirectories(module.resolve("META-INF/services"));
        Files.writeString(services.resolve(Metric.class.getName()), ServiceLoadedTestMetric.class.getName() + "\n");
        MetricCatalog catalog;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {module.toUri().toURL()},
                MetricCatalogTest.class.getClassLoader())) {
            catalog = MetricCatalog.load(loader);
        }
        MetricProvider provider = new MetricProvider(catalog);
        provider.register(List.of(ServiceLoadedTestMetric.NAME));
        CountingDriver driver = new CountingDriver(Topologies.chain())
                .provide(MetricNames.INPUT_QUEUE, Map.of("a#0", 21.0));

        assertThat(catalog.get(ServiceLoadedTestMetric.NAME)).containsInstanceOf(ServiceLoadedTestMetric.class);
        assertThat(catalog.names()).contains(MetricNames.HIGHEST_RATE);
        assertThat(provider.update(Topologies.chain(), driver).get(ServiceLoadedTestMetric.NAME).asMap())
                .containsExactly(Map.entry("a#0", 42.0));
    }

    /** A module's metric that takes a built-in metric's name. */
    public static final class ImpostorQueueSize implements Metric {
        @Override
        public String name() {
            return MetricNames.QUEUE_SIZE;
        }

        @Override
        public Set<String> dependencies() {
            return Set.of(MetricNames.OUTPUT_QUEUE);
        }

        @Override
        public MetricValues compute(MetricContext context) {
            return context.get(MetricNames.OUTPUT_QUEUE);
        }
    }

    @Test
    void skipsABrokenEntryAndKeepsBuiltInsFromBeingReplaced(@TempDir Path module) throws Exception {
        Path services = Files.createDirectories(module.resolve("META-INF/services"));
        Files.writeString(services.resolve(Metric.class.getName()), "dev.lachesis.NoSuchMetric\n"
                + ImpostorQueueSize.class.getName() + "\n" + ServiceLoadedTestMetric.class.getName() + "\n");
        MetricCatalog catalog;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {module.toUri().toURL()},
                MetricCatalogTest.class.getClassLoader())) {
            catalog = MetricCatalog.load(loader);
        }

        assertThat(catalog.get(MetricNames.QUEUE_SIZE)).get().isNotInstanceOf(ImpostorQueueSize.class);
        assertThat(catalog.get(ServiceLoadedTestMetric.NAME)).containsInstanceOf(ServiceLoadedTestMetric.class);
    }

    @Test
    void refusesTwoMetricsWithTheSameName() {
        assertThatThrownBy(() -> MetricCatalog.of(List.of(new PrimitiveMetric("x"), new PrimitiveMetric("x"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two metrics are named 'x'");
    }

    @Test
    void doesNotFindWhatItDoesNotHave() {
        assertThat(MetricCatalog.load().get("no-such-metric")).isEmpty();
    }
}
