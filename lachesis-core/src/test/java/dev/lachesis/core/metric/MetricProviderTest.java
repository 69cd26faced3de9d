package dev.lachesis.core.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class MetricProviderTest {
    private static final SpeState SPE = Topologies.chain();
    private static final String OP = "a#0";

    /** A derived metric computed entity by entity from its dependencies, counting its computations. */
    private static final class Counted implements Metric {
        private final String name;
        private final List<String> dependencies;
        private final Set<String> optional;
        private final java.util.function.ToDoubleFunction<double[]> function;
        private int computations;

        Counted(String name, List<String> dependencies, Set<String> optional,
                java.util.function.ToDoubleFunction<double[]> function) {
            this.name = name;
            this.dependencies = dependencies;
            this.optional = optional;
            this.function = function;
        }

        static Counted of(String name, String dependency, DoubleUnaryOperator f) {
            return new Counted(name, List.of(dependency), Set.of(), v -> f.applyAsDouble(v[0]));
        }

        static Counted of(String name, String first, String second, DoubleBinaryOperator f) {
            return new Counted(name, List.of(first, second), Set.of(), v -> f.applyAsDouble(v[0], v[1]));
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Set<String> dependencies() {
            return Set.copyOf(dependencies);
        }

        @Override
        public Set<String> optionalDependencies() {
            return optional;
        }

        @Override
        public MetricValues compute(MetricContext context) {
            computations++;
            MetricValues.Builder result = MetricValues.builder();
            for (PhysicalOperator op : context.spe().operators()) {
                double[] inputs = new double[dependencies.size()];
                boolean complete = true;
                for (int i = 0; i < inputs.length; i++) {
                    var value = context.get(dependencies.get(i)).get(op.id());
                    complete &= value.isPresent();
                    inputs[i] = value.orElse(Double.NaN);
                }
                if (complete) {
                    result.put(op.id(), function.applyAsDouble(inputs));
                }
            }
            return result.build();
        }
    }

    private static MetricProvider provider(Metric... metrics) {
        List<Metric> all = new ArrayList<>(List.of(metrics));
        all.add(new PrimitiveMetric("p"));
        all.add(new PrimitiveMetric("q"));
        return new MetricProvider(MetricCatalog.of(all));
    }

    @Test
    void computesThroughSeveralLevelsOfDependencies() throws Exception {
        MetricProvider provider = provider(
                Counted.of("level1", "p", p -> p * 2),
                Counted.of("level2", "level1", v -> v + 1),
                Counted.of("level3", "level2", v -> v * 10));
        provider.register(List.of("level3"));
        CountingDriver driver = new CountingDriver(SPE).provide("p", Map.of(OP, 3.0));

        Map<String, MetricValues> values = provider.update(SPE, driver);

        assertThat(values).containsOnlyKeys("level3");
        assertThat(values.get("level3").asMap()).containsExactly(Map.entry(OP, 70.0));
        assertThat(driver.fetches()).containsExactly(Set.of("p"));
    }

    @Test
    void computesAMetricUsedByTwoOthersOncePerRoundAndFetchesEverythingInOneCall() throws Exception {
        Counted shared = Counted.of("shared", "p", p -> p + 1);
        MetricProvider provider = provider(shared,
                Counted.of("left", "shared", v -> v * 2),
                Counted.of("right", "shared", "q", (v, q) -> v * q));
        provider.register(List.of("left", "right"));
        CountingDriver driver = new CountingDriver(SPE).provide("p", Map.of(OP, 4.0)).provide("q", Map.of(OP, 3.0));

        Map<String, MetricValues> values = provider.update(SPE, driver);

        assertThat(shared.computations).isEqualTo(1);
        assertThat(driver.fetches()).containsExactly(Set.of("p", "q"));
        assertThat(values.get("left").asMap()).containsExactly(Map.entry(OP, 10.0));
        assertThat(values.get("right").asMap()).containsExactly(Map.entry(OP, 15.0));

        driver.provide("p", Map.of(OP, 9.0));
        Map<String, MetricValues> next = provider.update(SPE, driver);

        assertThat(shared.computations).as("the cache is cleared each round").isEqualTo(2);
        assertThat(driver.fetches()).hasSize(2);
        assertThat(next.get("left").asMap()).containsExactly(Map.entry(OP, 20.0));
    }

    @Test
    void takesAMetricTheDriverProvidesInsteadOfComputingIt() throws Exception {
        Counted shared = Counted.of("shared", "p", p -> p + 1);
        MetricProvider provider = provider(shared, Counted.of("left", "shared", v -> v * 2));
        provider.register(List.of("left", "shared"));
        CountingDriver driver = new CountingDriver(SPE).provide("p", Map.of(OP, 4.0))
                .provide("shared", Map.of(OP, 100.0));

        Map<String, MetricValues> values = provider.update(SPE, driver);

        assertThat(shared.computations).isZero();
        assertThat(driver.fetches()).as("p is not needed once shared is provided").containsExactly(Set.of("shared"));
        assertThat(values.get("shared").asMap()).containsExactly(Map.entry(OP, 100.0));
        assertThat(values.get("left").asMap()).containsExactly(Map.entry(OP, 200.0));
    }

    @Test
    void doesNotCallTheDriverWhenNothingIsToBeFetched() throws Exception {
        MetricProvider provider = provider(new Counted("constant", List.of(), Set.of("p"), v -> 1.0));
        provider.register(List.of("constant"));
        CountingDriver driver = new CountingDriver(SPE);

        Map<String, MetricValues> values = provider.update(SPE, driver);

        assertThat(driver.fetches()).isEmpty();
        assertThat(values.get("constant").size()).isEqualTo(SPE.operators().size());
    }

    @Test
    void failsAtStartUpNamingTheMissingPrimitiveTheMetricThatNeedsItAndTheSpe() {
        MetricProvider provider = new MetricProvider(MetricCatalog.load());
        provider.register(List.of(MetricNames.HIGHEST_RATE, MetricNames.QUEUE_SIZE));

        assertThatThrownBy(() -> provider.checkResolvable("storm-edge",
                Set.of(MetricNames.EMITTED_RATE, MetricNames.PROCESSED_RATE, MetricNames.INPUT_QUEUE)))
                .isInstanceOf(ConfigException.class)
                .hasMessage("metric 'highest-rate' needs primitive metric 'processing-time-ms' (highest-rate -> "
                        + "path-cost -> cost -> processing-time-ms), which the driver of SPE 'storm-edge' does not "
                        + "provide (it provides: emitted-rate, input-queue-size, processed-rate)");
    }

    @Test
    void reportsEveryMissingPrimitiveOnItsOwnLine() {
        MetricProvider provider = new MetricProvider(MetricCatalog.load());
        provider.register(List.of(MetricNames.HIGHEST_RATE, MetricNames.QUEUE_SIZE_CV));

        assertThatThrownBy(() -> provider.checkResolvable("flink", Set.of(MetricNames.PROCESSED_RATE)))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.problems())
                        .hasSize(3)
                        .anySatisfy(p -> assertThat(p).contains("'emitted-rate' (highest-rate -> path-cost -> "
                                + "selectivity -> emitted-rate)"))
                        .anySatisfy(p -> assertThat(p).contains("'processing-time-ms'"))
                        .anySatisfy(p -> assertThat(p).startsWith("metric 'queue-size-cv' needs primitive "
                                + "metric 'input-queue-size' (queue-size-cv -> queue-size -> input-queue-size)")));
    }

    @Test
    void namesARegisteredPrimitiveMetricTheDriverLacks() {
        MetricProvider provider = new MetricProvider(MetricCatalog.load());
        provider.register(List.of(MetricNames.OUTPUT_QUEUE));

        assertThatThrownBy(() -> provider.checkResolvable("flink", Set.of()))
                .hasMessage("primitive metric 'output-queue-size' is not provided by the driver of SPE 'flink' "
                        + "(it provides: nothing)");
    }

    @Test
    void acceptsADriverThatProvidesEveryPrimitiveOrTheMetricItself() throws Exception {
        MetricProvider provider = new MetricProvider(MetricCatalog.load());
        provider.register(List.of(MetricNames.HIGHEST_RATE, MetricNames.HEAD_AGE));

        provider.checkResolvable("storm", Set.of(MetricNames.EMITTED_RATE, MetricNames.PROCESSED_RATE,
                MetricNames.PROCESSING_TIME, MetricNames.INPUT_QUEUE, MetricNames.ARRIVAL_RATE));
        provider.checkResolvable("custom", Set.of(MetricNames.HIGHEST_RATE, MetricNames.HEAD_AGE));
    }

    @Test
    void failsARoundWhenTheDriverNoLongerProvidesWhatIsNeeded() {
        MetricProvider provider = provider(Counted.of("level1", "p", p -> p));
        provider.register(List.of("level1"));
        CountingDriver driver = new CountingDriver(SPE).provide("q", Map.of(OP, 1.0));

        assertThatThrownBy(() -> provider.update(SPE, driver))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("primitive metric 'p' (level1 -> p)")
                .hasMessageContaining("SPE 'test-spe'");
    }

    @Test
    void refusesADependencyCycle() {
        MetricProvider provider = provider(
                Counted.of("a", "b", v -> v),
                Counted.of("b", "c", v -> v),
                Counted.of("c", "a", v -> v),
                Counted.of("top", "a", v -> v));

        assertThatThrownBy(() -> provider.register(List.of("top")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("metrics depend on each other in a cycle: a -> b -> c -> a");
    }

    @Test
    void refusesAnUnknownMetricListingTheKnownOnes() {
        MetricProvider provider = provider(Counted.of("level1", "p", v -> v));

        assertThatThrownBy(() -> provider.register(List.of("level1", "queue-sise")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown metric 'queue-sise'; known metrics: level1, p, q");
    }

    @Test
    void refusesAMetricThatDependsOnAnUnknownOne() {
        MetricProvider provider = provider(Counted.of("level1", "nowhere", v -> v));

        assertThatThrownBy(() -> provider.register(List.of("level1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("metric 'level1' depends on unknown metric 'nowhere'");
    }

    @Test
    void usesAnOptionalDependencyOnlyWhenTheDriverCanSupplyIt() throws Exception {
        MetricProvider provider = new MetricProvider(MetricCatalog.load());
        provider.register(List.of(MetricNames.HEAD_AGE));
        Map<String, Double> queue = Map.of("a#0", 30.0, "b#0", 30.0);
        Map<String, Double> arrivals = Map.of("a#0", 60.0, "b#0", 60.0);
        CountingDriver estimating = new CountingDriver(SPE)
                .provide(MetricNames.INPUT_QUEUE, queue).provide(MetricNames.ARRIVAL_RATE, arrivals);
        CountingDriver reporting = new CountingDriver(SPE)
                .provide(MetricNames.INPUT_QUEUE, queue).provide(MetricNames.ARRIVAL_RATE, arrivals)
                .provide(MetricNames.HEAD_AGE_REPORTED, Map.of("a#0", 1234.0));

        provider.checkResolvable("estimating", estimating.providedMetrics());
        MetricValues estimated = provider.update(SPE, estimating).get(MetricNames.HEAD_AGE);
        MetricValues reported = provider.update(SPE, reporting).get(MetricNames.HEAD_AGE);

        assertThat(estimated.asMap()).containsOnly(Map.entry("a#0", 500.0), Map.entry("b#0", 500.0));
        assertThat(reported.asMap()).containsOnly(Map.entry("a#0", 1234.0), Map.entry("b#0", 500.0));
        assertThat(reporting.fetches()).containsExactly(Set.of(MetricNames.INPUT_QUEUE, MetricNames.ARRIVAL_RATE,
                MetricNames.HEAD_AGE_REPORTED));
    }

    @Test
    void refusesAMetricThatReadsADependencyItDidNotDeclare() {
        Metric reader = new Metric() {
            @Override
            public String name() {
                return "reader";
            }

            @Override
            public Set<String> dependencies() {
                return Set.of("p");
            }

            @Override
            public MetricValues compute(MetricContext context) {
                return context.get("q");
            }
        };
        MetricProvider provider = provider(reader);
        provider.register(List.of("reader"));
        CountingDriver driver = new CountingDriver(SPE).provide("p", Map.of()).provide("q", Map.of());

        assertThatThrownBy(() -> provider.update(SPE, driver))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'reader' asked for 'q'");
    }
}
