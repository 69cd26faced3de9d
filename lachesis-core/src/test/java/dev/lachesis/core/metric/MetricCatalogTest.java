package dev.lachesis.core.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
    void addsTheMetricsModulesListWithServiceLoaderAndTheProviderComputesThem() throws Exception {
        MetricCatalog catalog = MetricCatalog.load();
        MetricProvider provider = new MetricProvider(catalog);
        provider.register(List.of(ServiceLoadedTestMetric.NAME));
        CountingDriver driver = new CountingDriver(Topologies.chain())
                .provide(MetricNames.INPUT_QUEUE, Map.of("a#0", 21.0));

        assertThat(catalog.get(ServiceLoadedTestMetric.NAME)).containsInstanceOf(ServiceLoadedTestMetric.class);
        assertThat(provider.update(Topologies.chain(), driver).get(ServiceLoadedTestMetric.NAME).asMap())
                .containsExactly(Map.entry("a#0", 42.0));
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
