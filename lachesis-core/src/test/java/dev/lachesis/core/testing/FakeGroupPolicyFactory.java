package dev.lachesis.core.testing;

import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/** {@code policy: fake-groups}: a grouping policy that produces no groups; for schedule-form checks. */
public final class FakeGroupPolicyFactory implements PolicyFactory {
    @Override
    public String name() {
        return "fake-groups";
    }

    @Override
    public Policy create(PolicyContext context) {
        return new ScriptedPolicy(ScheduleForm.GROUPING,
                input -> new GroupingSchedule(context.name(), List.of(), OptionalDouble.empty()));
    }
}
