package dev.lachesis.core.schedule;

import java.util.List;
import java.util.OptionalDouble;

/**
 * What a policy decided in one round, in one of the two forms of the 2021 paper (§5.3). Translators
 * turn it into OS settings.
 */
public sealed interface Schedule permits SinglePrioritySchedule, GroupingSchedule {
    /** The name of the policy instance that produced it. */
    String policy();

    ScheduleForm form();

    /** Every thread in the schedule with its raw priority. */
    List<ThreadPriority> threads();

    /** The policy's goal this round (QS: coefficient of variation of queue sizes), when it has one. */
    OptionalDouble goal();

    /** How the translator reads the priorities; a group's priority only ranks it against the others. */
    default PriorityScale scale() {
        return PriorityScale.RELATIVE;
    }
}
