package dev.lachesis.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolicyFactoriesTest {
    private static final String WHERE = "policies[0].settings";

    @ParameterizedTest
    @CsvSource({
        "qs, QueueSizePolicyFactory",
        "qs-io, InputOutputQueuePolicyFactory",
        "hr, HighestRatePolicyFactory",
        "fcfs, FirstComeFirstServePolicyFactory",
        "random, RandomPolicyFactory",
        "constant, ConstantPolicyFactory",
        "query-groups, QueryGroupsPolicyFactory",
        "multi-class, MultiClassPolicyFactory"})
    void everyFactoryIsFoundByServiceLoaderUnderItsName(String name, String type) throws ConfigException {
        PolicyFactory factory = Plugins.load(PolicyFactory.class, "policy").get(name, "policies[0].policy");

        assertThat(factory.name()).isEqualTo(name);
        assertThat(factory.getClass().getSimpleName()).isEqualTo(type);
        assertThat(factory.description()).isNotBlank();
    }

    @Test
    void defaultsGiveWorkingPoliciesOfTheRightForm() throws ConfigException {
        assertThat(create("qs", "{}").toString()).isEqualTo("qs{}");
        assertThat(create("qs-io", "assumed-source-queue: 0").toString()).isEqualTo("qs-io{assumed-source-queue=0.0}");
        assertThat(create("hr", "{}").form()).isEqualTo(ScheduleForm.SINGLE_PRIORITY);
        assertThat(create("fcfs", "{}").form()).isEqualTo(ScheduleForm.SINGLE_PRIORITY);
        assertThat(create("random", "{}").toString()).isEqualTo("random{min=0.0, max=1.0, seed=5}");
        assertThat(create("constant", "value: 50").toString()).isEqualTo("constant{value=50.0}");
        assertThat(create("query-groups", "priorities: {lr: 4}").form()).isEqualTo(ScheduleForm.GROUPING);
    }

    @Test
    void aRealTimeTranslatorAddsTheGuardToSinglePriorityPoliciesOnly() throws ConfigException {
        assertThat(create("qs-io", "{}", true).toString()).isEqualTo("rt-guard(qs-io{})");
        assertThat(create("query-groups", "{}", true).form()).isEqualTo(ScheduleForm.GROUPING);
    }

    @Test
    void outOfRangeValuesAreRejectedWithTheAllowedRange() {
        assertProblems("qs", "assumed-source-queue: -1",
                WHERE + ".assumed-source-queue was '-1' but must be a number of tuples, at least 0");
        assertProblems("random", "{min: 2, max: 1}",
                WHERE + ".max was '1' but must be greater than min (2.0)");
        assertProblems("constant", "{}",
                WHERE + ".value is required: the priority every thread gets");
        assertProblems("query-groups", "{default-priority: 0, priorities: {lr: -2}}",
                WHERE + ".default-priority was '0' but must be a relative share from 1 to 10000 (the span of cgroup v2's cpu.weight)",
                WHERE + ".priorities.lr was '-2' but must be a relative share from 1 to 10000 (the span of cgroup v2's cpu.weight)");
        assertProblems("query-groups", "{default-priority: 1000000000000, priorities: {lr: 10001, etl: 10000}}",
                WHERE + ".default-priority was '1000000000000' but must be a relative share from 1 to 10000 (the span of"
                        + " cgroup v2's cpu.weight)",
                WHERE + ".priorities.lr was '10001' but must be a relative share from 1 to 10000 (the span of cgroup v2's cpu.weight)");
    }

    @Test
    void unknownKeysAndWrongTypesAreRejected() {
        assertThatThrownBy(() -> create("hr", "window: 3")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(WHERE + ".window is not a known key");
        assertThatThrownBy(() -> create("random", "max: lots")).isInstanceOf(ConfigException.class)
                .hasMessage(WHERE + ".max was 'lots' but must be a number");
    }

    @Test
    void multiClassSettingsAreCheckedAsAWhole() {
        assertProblems("multi-class", "{}",
                WHERE + ".classes is required: a list of classes, highest first, each with a name and a policy");
        assertProblems("multi-class", """
                classes:
                  - {name: high, queries: [a, b], policy: fcfs}
                  - {name: high, queries: [b], policy: multi-class}
                  - {name: low, policy: hr}
                  - {policy: qs}
                """,
                WHERE + ".classes[1].name was 'high' but must differ from the other classes' names",
                WHERE + ".classes[1].policy was 'multi-class' but cannot be multi-class itself",
                WHERE + ".classes[1].queries[0] was 'b' but is already in class high; a query belongs to one class",
                WHERE + ".classes[3].name is required: the class's name",
                WHERE + ".classes[3].queries must list queries: only one class may take all queries the others"
                        + " do not name");
    }

    @Test
    void multiClassReportsItsInnerPoliciesProblemsUnderTheirOwnKeys() {
        assertThatThrownBy(() -> create("multi-class", """
                classes:
                  - {name: high, queries: [a], policy: constant, settings: {value: high}}
                  - {name: low, policy: nope}
                  - {name: groups, queries: [c], policy: query-groups}
                """)).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(
                        WHERE + ".classes[0].settings.value was 'high' but must be a number",
                        WHERE + ".classes[1].policy was 'nope' but no policy has that name (available: constant,"
                                + " drain, fcfs, heaviest-first, hr, multi-class, qs, qs-groups, qs-io, query-groups, random, static)",
                        WHERE + ".classes[2].policy was 'query-groups' but must name a policy that ranks threads,"
                                + " not one that groups them"));
    }

    private static void assertProblems(String policy, String yaml, String... problems) {
        assertThatThrownBy(() -> create(policy, yaml)).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(problems));
    }

    private static Policy create(String policy, String yaml) throws ConfigException {
        return create(policy, yaml, false);
    }

    private static Policy create(String policy, String yaml, boolean realTime) throws ConfigException {
        return Plugins.load(PolicyFactory.class, "policy").get(policy, "policies[0].policy")
                .create(new PolicyContext("p", ConfigNode.ofYaml(WHERE, yaml), realTime, 5));
    }
}
