package dev.lachesis.policies;

import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The skeleton of every single-priority policy: it walks the threads of each SPE instance in the
 * order the driver reported them, asks the policy's {@link ThreadRater} for each one and collects a
 * {@link SinglePrioritySchedule} with the policy's goal. Subclasses supply only the rating and the
 * goal, so each reads like its definition in the papers. Threads of kind
 * {@link dev.lachesis.core.model.ThreadKind#SYSTEM} are never scheduled: they do not work for any
 * query.
 */
public abstract class ThreadRatingPolicy implements Policy {
    private final String name;

    protected ThreadRatingPolicy(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The policy instance's name, which names its schedules. */
    public final String name() {
        return name;
    }

    @Override
    public final ScheduleForm form() {
        return ScheduleForm.SINGLE_PRIORITY;
    }

    @Override
    public final Schedule schedule(PolicyInput input) {
        List<ThreadPriority> threads = new ArrayList<>();
        for (SpeRound round : input.spes()) {
            ThreadRater rater = rater(round);
            String speName = round.state().speName();
            for (OperatorThread thread : Topology.schedulableThreads(round.state())) {
                rater.rate(thread).ifPresent(r -> threads.add(
                        new ThreadPriority(speName, thread, r.priority(), r.metrics())));
            }
        }
        return new SinglePrioritySchedule(name, threads, goal(input));
    }

    /** The rating of this round's threads of one SPE instance. */
    protected abstract ThreadRater rater(SpeRound round);

    /** The policy's goal this round (lower is better), or empty when it has none or lacks the data. */
    protected OptionalDouble goal(PolicyInput input) {
        return OptionalDouble.empty();
    }
}
