package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.HEAD_AGE;
import static dev.lachesis.core.metric.MetricNames.PATH_COST;
import static dev.lachesis.core.metric.MetricNames.PATH_SELECTIVITY;
import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Haren §7.4: HIGH queries by FCFS always ahead of LOW queries by HR. */
class MultiClassPolicyTest {
    private static final String HAREN = """
            classes:
              - name: high
                queries: [h]
                policy: fcfs
              - name: low
                policy: hr
                spacing: log
            """;

    /** Query h (HIGH): head ages 10, 20, 30 ms. Query chain (LOW): the worked chain's HR rates. */
    private static TestSpe twoClasses() {
        return WorkedExamples.chain()
                .query("h", List.of("H1", "H2", "H3"), "H1>H2", "H2>H3")
                .operator("H1#0", "h", "H1").operator("H2#0", "h", "H2").operator("H3#0", "h", "H3")
                .main("H1#0").main("H2#0").main("H3#0")
                .metric(HEAD_AGE, "H1#0", 10).metric(HEAD_AGE, "H2#0", 20).metric(HEAD_AGE, "H3#0", 30)
                .metric(PATH_SELECTIVITY, "h/H1", 100).metric(PATH_COST, "h/H1", 1);
    }

    @Test
    void highQueriesSitInTheUpperBandLowQueriesInTheLowerOneEachByItsOwnPolicy() throws ConfigException {
        Policy policy = create(HAREN, false);

        Schedule schedule = policy.schedule(twoClasses().input(policy));

        // HIGH by FCFS, linear in [3, 4]: 10 → 3, 20 → 3.5, 30 → 4. LOW by HR, log-spaced in [1, 2]:
        // 1 + ln(rate / 0.625) / ln(4 / 0.625) for rates 0.625, 2/3, 2, 4.
        double logRange = Math.log(4 / 0.625);
        Map<String, Double> p = priorities(schedule);
        assertThat(p).containsOnlyKeys("H1#0-main", "H2#0-main", "H3#0-main", "S#0-main", "S-send",
                "A#0-main", "A-send", "B#0-main", "B-send", "K#0-main");
        assertThat(p).contains(entry("H1#0-main", 3.0), entry("H2#0-main", 3.5), entry("H3#0-main", 4.0),
                entry("S#0-main", 1.0), entry("S-send", 1.0), entry("K#0-main", 2.0));
        assertThat(p.get("A#0-main")).isCloseTo(1 + Math.log((1 / 1.5) / 0.625) / logRange, within(1e-12));
        assertThat(p.get("B#0-main")).isCloseTo(1 + Math.log(2 / 0.625) / logRange, within(1e-12));
        assertThat(p.get("B#0-main")).isCloseTo(1.626597, within(1e-6));
        assertThat(TestSpe.entry(schedule, "H2#0-main").metrics()).isEqualTo(
                Map.of(HEAD_AGE, 20.0, MultiClassPolicy.INNER_PRIORITY, 20.0, MultiClassPolicy.CLASS_RANK, 0.0));
        assertThat(schedule.goal()).isEmpty();
    }

    @Test
    void everyHighThreadOutranksEveryLowThreadWhateverTheirInnerPriorities() throws ConfigException {
        Policy policy = create(HAREN, false);
        TestSpe spe = twoClasses().metric(HEAD_AGE, "H1#0", 0).metric(HEAD_AGE, "H3#0", 0.001);

        Schedule schedule = policy.schedule(spe.input(policy));

        double lowestHigh = schedule.threads().stream().filter(tp -> tp.thread().queryId().equals("h"))
                .mapToDouble(tp -> tp.priority()).min().orElseThrow();
        double highestLow = schedule.threads().stream().filter(tp -> tp.thread().queryId().equals("chain"))
                .mapToDouble(tp -> tp.priority()).max().orElseThrow();
        assertThat(lowestHigh).isEqualTo(3.0);
        assertThat(highestLow).isEqualTo(2.0);
    }

    @Test
    void eachInnerPolicySeesOnlyItsClasssQueries() throws ConfigException {
        // A catch-all HIGH class at a constant 7 and a LOW class naming h (by name) ranked by FCFS: h's
        // threads get FCFS's ranking in [1, 2], the chain's the top of [3, 4].
        Policy policy = create("""
                classes:
                  - name: high
                    policy: constant
                    settings: {value: 7}
                  - name: low
                    queries: [h-name]
                    policy: fcfs
                """, false);

        Map<String, Double> p = priorities(policy.schedule(twoClasses().input(policy)));

        assertThat(p).contains(entry("H1#0-main", 1.0), entry("H2#0-main", 1.5), entry("H3#0-main", 2.0),
                entry("S#0-main", 4.0), entry("K#0-main", 4.0));
    }

    @Test
    void queriesNoClassTakesAreLeftOut() throws ConfigException {
        Policy policy = create("""
                classes:
                  - name: high
                    queries: [h]
                    policy: fcfs
                """, false);

        assertThat(priorities(policy.schedule(twoClasses().input(policy)))).containsOnlyKeys(
                "H1#0-main", "H2#0-main", "H3#0-main");
    }

    @Test
    void underRealTimeTheWholeScheduleIsGuarded() throws ConfigException {
        Policy policy = create(HAREN, true);

        Schedule schedule = policy.schedule(twoClasses().input(policy));

        assertThat(policy.toString()).startsWith("rt-guard(multi-class[{high [h]: fcfs{}, linear}");
        assertThat(schedule.threads()).hasSize(10);
    }

    @Test
    void emptyInputAndRequiredMetricsOfAllClasses() throws ConfigException {
        Policy policy = create(HAREN, false);

        assertThat(policy.schedule(new PolicyInput(TestSpe.NOW, List.of())).threads()).isEmpty();
        assertThat(policy.requiredMetrics()).isEqualTo(Set.of(HEAD_AGE, PATH_SELECTIVITY, PATH_COST,
                MetricNames.QUEUE_SIZE, MetricNames.ARRIVAL_RATE, MetricNames.COST));
    }

    @Test
    void aClassWhoseThreadsTieSitsAtTheTopOfItsBand() {
        MultiClassPolicy policy = twoClassPolicy(5.0, MultiClassPolicy.Spacing.LINEAR);

        Map<String, Double> p = priorities(policy.schedule(twoClasses().input(policy)));

        // LOW by FCFS over head ages 40 (A), 20 (B), 30 (K): linear in [1, 2].
        assertThat(p).contains(entry("H1#0-main", 4.0), entry("H3#0-main", 4.0),
                entry("A#0-main", 2.0), entry("B#0-main", 1.0), entry("K#0-main", 1.5));
    }

    @Test
    void logSpacingSendsNonPositivePrioritiesToTheBottomOfTheBand() {
        MultiClassPolicy policy = twoClassPolicy(0.0, MultiClassPolicy.Spacing.LOG);

        Map<String, Double> p = priorities(policy.schedule(twoClasses().input(policy)));

        assertThat(p).contains(entry("H1#0-main", 3.0), entry("H2#0-main", 3.0), entry("H3#0-main", 3.0));
    }

    /** HIGH: query h at a constant {@code value}; LOW: every other query by FCFS. */
    private static MultiClassPolicy twoClassPolicy(double value, MultiClassPolicy.Spacing highSpacing) {
        return new MultiClassPolicy("mc", List.of(
                new MultiClassPolicy.PriorityClass("high", Set.of("h"),
                        new ConstantPolicy("c", new ConstantPolicy.Settings(value)), highSpacing),
                new MultiClassPolicy.PriorityClass("low", Set.of(),
                        new FirstComeFirstServePolicy("f"), MultiClassPolicy.Spacing.LINEAR)));
    }

    private static Policy create(String yaml, boolean realTime) throws ConfigException {
        return new MultiClassPolicyFactory().create(new PolicyContext("classes",
                ConfigNode.ofYaml("policies[0].settings", yaml), realTime, 9));
    }
}
