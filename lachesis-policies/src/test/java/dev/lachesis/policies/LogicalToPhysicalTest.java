package dev.lachesis.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LogicalToPhysicalTest {
    private final TestSpe spe = new TestSpe()
            .query("q", List.of("S", "A", "B", "K"), "S>A", "A>B", "B>K")
            .operator("S#0", "q", "S")
            .replica("A#0", "q", "A", 0, 3).replica("A#1", "q", "A", 1, 3).replica("A#2", "q", "A", 2, 3)
            .operator("BK#0", "q", "B", "K");

    @Test
    void everyReplicaGetsItsLogicalOperatorsPriority() {
        Map<String, Double> physical = LogicalToPhysical.transform(spe.state(),
                Map.of("q/S", 1.0, "q/A", 7.0, "q/B", 2.0, "q/K", 3.0));

        assertThat(physical).containsExactly(entry("S#0", 1.0), entry("A#0", 7.0), entry("A#1", 7.0),
                entry("A#2", 7.0), entry("BK#0", 3.0));
    }

    @Test
    void aFusedOperatorGetsTheMaximumOfItsLogicalOperators() {
        assertThat(LogicalToPhysical.transform(spe.state(), Map.of("q/B", 9.0, "q/K", 3.0)))
                .containsExactly(entry("BK#0", 9.0));
        assertThat(LogicalToPhysical.transform(spe.state(), Map.of("q/B", -4.0, "q/K", -5.0)))
                .containsExactly(entry("BK#0", -4.0));
    }

    @Test
    void aFusedOperatorWithOnlySomePrioritiesTakesThoseItHas() {
        assertThat(LogicalToPhysical.transform(spe.state(), Map.of("q/K", 3.0))).containsExactly(entry("BK#0", 3.0));
    }

    @Test
    void operatorsOfOtherQueriesAreNotMatchedByLogicalName() {
        assertThat(LogicalToPhysical.transform(spe.state(), Map.of("other/S", 1.0))).isEmpty();
    }
}
