package dev.lachesis.policies;

import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RandomPolicyTest {
    private static final RandomPolicy.Settings RANGE = new RandomPolicy.Settings(-5.0, 5.0);

    @Test
    void theSameSeedGivesTheSameSchedulesRoundAfterRound() {
        RandomPolicy first = new RandomPolicy("random", RANGE, 42);
        RandomPolicy second = new RandomPolicy("random", RANGE, 42);
        PolicyInput input = WorkedExamples.chain().input(first);

        Map<String, Double> round1 = priorities(first.schedule(input));
        Map<String, Double> round2 = priorities(first.schedule(input));

        assertThat(priorities(second.schedule(input))).isEqualTo(round1);
        assertThat(priorities(second.schedule(input))).isEqualTo(round2);
        assertThat(round2).isNotEqualTo(round1);
    }

    @Test
    void anotherSeedGivesAnotherSchedule() {
        PolicyInput input = WorkedExamples.chain().input(new RandomPolicy("random", RANGE, 1));

        assertThat(priorities(new RandomPolicy("random", RANGE, 1).schedule(input)))
                .isNotEqualTo(priorities(new RandomPolicy("random", RANGE, 2).schedule(input)));
    }

    @Test
    void threadsOfOneOperatorShareADrawWithinTheRange() {
        RandomPolicy policy = new RandomPolicy("random", RANGE, 7);
        TestSpe spe = WorkedExamples.chain()
                .helper("worker-transfer", ThreadKind.SENDER, "chain", null, "worker-transfer@4242");

        Schedule schedule = policy.schedule(spe.input(policy));
        Map<String, Double> p = priorities(schedule);

        assertThat(p).hasSize(8);
        assertThat(p.values()).allSatisfy(v -> assertThat(v).isGreaterThanOrEqualTo(-5.0).isLessThan(5.0));
        assertThat(p.get("A-send")).isEqualTo(p.get("A#0-main"));
        assertThat(p.get("B-send")).isEqualTo(p.get("B#0-main"));
        assertThat(p.values().stream().distinct()).hasSize(5);
        assertThat(schedule.goal()).isEmpty();
    }

    @Test
    void emptyInputAndSingleThread() {
        RandomPolicy policy = new RandomPolicy("random", new RandomPolicy.Settings(null, null), 3);
        TestSpe single = new TestSpe().query("q", List.of("A")).operator("A#0", "q", "A").main("A#0");

        assertThat(policy.schedule(new PolicyInput(TestSpe.NOW, List.of())).threads()).isEmpty();
        assertThat(priorities(policy.schedule(single.input(policy))).get("A#0-main")).isBetween(0.0, 1.0);
    }

    @Test
    void toStringShowsRangeAndSeed() {
        assertThat(new RandomPolicy("random", RANGE, 42)).hasToString("random{min=-5.0, max=5.0, seed=42}");
    }
}
