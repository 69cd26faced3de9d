package dev.lachesis.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryGroupsPolicyTest {
    private final QueryGroupsPolicy groups = new QueryGroupsPolicy("per-query",
            new QueryGroupsPolicy.Settings(2.0, Map.of("chain-name", 8.0, "f", 1.5)));

    @Test
    void eachQueryGetsItsOwnGroupWithTheConfiguredPriority() {
        TestSpe storm = WorkedExamples.chain()
                .query("lr", List.of("src", "toll"), "src>toll")
                .operator("src#0", "lr", "src").operator("toll#0", "lr", "toll").main("toll#0")
                .helper("acker", ThreadKind.SYSTEM, "lr", null, "acker");
        TestSpe flink = new TestSpe("flink").query("f", List.of("x"))
                .operator("x#0", "f", "x").main("x#0");

        Schedule schedule = groups.schedule(TestSpe.input(groups, storm, flink));

        assertThat(schedule.form()).isEqualTo(ScheduleForm.GROUPING);
        assertThat(((GroupingSchedule) schedule).groups())
                .extracting(ScheduleGroup::id, ScheduleGroup::priority, g -> threadNames(g.threads()))
                .containsExactly(
                        tuple("storm.chain-name", 8.0, List.of("S#0-main", "S-send", "A#0-main", "A-send",
                                "B#0-main", "B-send", "K#0-main")),
                        tuple("storm.lr-name", 2.0, List.of("toll#0-main")),
                        tuple("flink.f-name", 1.5, List.of("x#0-main")));
        assertThat(schedule.threads()).allSatisfy(tp ->
                assertThat(tp.metrics()).isEqualTo(Map.of(QueryGroupsPolicy.GROUP_PRIORITY, tp.priority())));
        assertThat(schedule.goal()).isEmpty();
    }

    @Test
    void groupIdsAreDirectoryNamesAndStayUnique() {
        TestSpe spe = new TestSpe("edge/1")
                .query("a b", List.of("x")).operator("x#0", "a b", "x").main("x#0")
                .query("a_b", List.of("y")).operator("y#0", "a_b", "y").main("y#0");

        Schedule schedule = groups.schedule(spe.input(groups));

        assertThat(((GroupingSchedule) schedule).groups()).extracting(ScheduleGroup::id)
                .containsExactly("edge_1.a_b-name", "edge_1.a_b-name-2");
    }

    @Test
    void emptyInputAndAQueryWithoutThreads() {
        assertThat(((GroupingSchedule) groups.schedule(new PolicyInput(TestSpe.NOW, List.of()))).groups()).isEmpty();

        TestSpe idle = new TestSpe().query("q", List.of("x")).operator("x#0", "q", "x");
        assertThat(((GroupingSchedule) groups.schedule(idle.input(groups))).groups())
                .extracting(ScheduleGroup::id, ScheduleGroup::priority, g -> g.threads().size())
                .containsExactly(tuple("storm.q-name", 2.0, 0));
    }

    private static List<String> threadNames(List<ThreadPriority> threads) {
        return threads.stream().map(tp -> tp.thread().thread().name()).toList();
    }
}
