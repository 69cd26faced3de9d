package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.HEAD_AGE;
import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Head ages derived by hand in {@link WorkedExamples}. */
class FirstComeFirstServePolicyTest {
    private final FirstComeFirstServePolicy fcfs = new FirstComeFirstServePolicy("fcfs-test");

    @Test
    void chainThreadsGetTheirOperatorsHeadAgeAndTheGoalIsTheMaximum() {
        Schedule schedule = fcfs.schedule(WorkedExamples.chain().input(fcfs));

        assertThat(priorities(schedule)).containsExactly(
                entry("A#0-main", 40.0), entry("A-send", 40.0),
                entry("B#0-main", 20.0), entry("B-send", 20.0),
                entry("K#0-main", 30.0));
        assertThat(TestSpe.entry(schedule, "B-send").metrics()).isEqualTo(Map.of(HEAD_AGE, 20.0));
        assertThat(schedule.goal()).hasValue(40.0);
    }

    @Test
    void diamond() {
        Schedule schedule = fcfs.schedule(WorkedExamples.diamond().input(fcfs));

        assertThat(priorities(schedule)).containsExactly(
                entry("A#0-main", 50.0), entry("B#0-main", 5.0), entry("K#0-main", 6.25));
        assertThat(schedule.goal()).hasValue(50.0);
    }

    @Test
    void underRealTimeTheSourceWithoutHeadAgeGetsTheQuerysLowest() throws ConfigException {
        Policy policy = new FirstComeFirstServePolicyFactory().create(
                new PolicyContext("fcfs", ConfigNode.empty("policies[0].settings"), true, 0));

        assertThat(priorities(policy.schedule(WorkedExamples.diamond().input(policy)))).containsExactly(
                entry("S#0-main", 5.0), entry("A#0-main", 50.0), entry("B#0-main", 5.0), entry("K#0-main", 6.25));
    }

    @Test
    void tiesEmptyInputAndSingleThread() {
        TestSpe ties = new TestSpe().query("q", List.of("A", "B"))
                .operator("A#0", "q", "A").operator("B#0", "q", "B").main("A#0").main("B#0")
                .metric(HEAD_AGE, "A#0", 12).metric(HEAD_AGE, "B#0", 12);
        TestSpe single = new TestSpe().query("q", List.of("A")).operator("A#0", "q", "A").main("A#0")
                .metric(HEAD_AGE, "A#0", 0);

        assertThat(priorities(fcfs.schedule(ties.input(fcfs))))
                .containsExactly(entry("A#0-main", 12.0), entry("B#0-main", 12.0));
        assertThat(fcfs.schedule(single.input(fcfs)).goal()).hasValue(0.0);
        Schedule empty = fcfs.schedule(new PolicyInput(TestSpe.NOW, List.of()));
        assertThat(empty.threads()).isEmpty();
        assertThat(empty.goal()).isEmpty();
    }
}
