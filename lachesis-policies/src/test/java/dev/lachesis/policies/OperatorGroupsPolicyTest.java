package dev.lachesis.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ScheduleGroup;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperatorGroupsPolicyTest {
    private final OperatorGroupsPolicy qsGroups = new OperatorGroupsPolicy(
            new QueueSizePolicy("qs-groups", new QueueSizePolicy.Settings(1.0)));

    @Test
    void eachOperatorIsAGroupWhosePriorityIsItsInputQueue() {
        Schedule schedule = qsGroups.schedule(WorkedExamples.chain().input(qsGroups));

        assertThat(schedule.form()).isEqualTo(ScheduleForm.GROUPING);
        assertThat(((GroupingSchedule) schedule).groups())
                .extracting(ScheduleGroup::id, ScheduleGroup::priority, g -> g.threads().size())
                .containsExactlyInAnyOrder(tuple("storm.chain.S_0", 1.0, 2), tuple("storm.chain.A_0", 40.0, 2),
                        tuple("storm.chain.B_0", 10.0, 2), tuple("storm.chain.K_0", 30.0, 1));
        assertThat(schedule.policy()).isEqualTo("qs-groups");
    }

    @Test
    void threadsOfNoOperatorThatTheInnerPolicyRanksShareOneGroupPerQuery() {
        OperatorGroupsPolicy everyThread = new OperatorGroupsPolicy(
                new ConstantPolicy("c", new ConstantPolicy.Settings(3.0)));
        TestSpe spe = WorkedExamples.chain().helper("chain-timer", ThreadKind.TIMER, "chain", null, "timer");

        Schedule schedule = everyThread.schedule(spe.input(everyThread));

        assertThat(((GroupingSchedule) schedule).groups()).filteredOn(g -> g.id().equals("storm.chain.workers"))
                .singleElement().satisfies(g -> assertThat(g.threads()).extracting(t -> t.thread().thread().name())
                        .containsExactly("chain-timer"));
    }

    @Test
    void groupIdsStayUniqueWhenOperatorNamesCollideOnceMadeDirectoryNames() {
        TestSpe spe = new TestSpe().query("q", List.of("x#0", "x_0"))
                .operator("x#0", "q", "x#0").operator("x_0", "q", "x_0").main("x#0").main("x_0");

        Schedule schedule = qsGroups.schedule(spe.input(qsGroups));

        assertThat(((GroupingSchedule) schedule).groups()).extracting(ScheduleGroup::id)
                .containsExactlyInAnyOrder("storm.q.x_0", "storm.q.x_0-2");
    }

    @Test
    void refusesAGroupingPolicyInside() {
        assertThatThrownBy(() -> new OperatorGroupsPolicy(new QueryGroupsPolicy("g",
                new QueryGroupsPolicy.Settings(null, null)))).isInstanceOf(IllegalArgumentException.class);
    }
}
