package dev.lachesis.translators.it.daemon;

import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import dev.lachesis.core.spi.SpeRound;
import dev.lachesis.core.testing.ScriptedPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * {@code policy: name-number}: each thread's priority is the number its name ends with
 * ({@code rt-2} → 2), so a test knows what the daemon sets without metrics. Found only by a JVM
 * whose class path holds {@code daemon-plugins/}.
 */
public final class NameNumberPolicyFactory implements PolicyFactory {
    @Override
    public String name() {
        return "name-number";
    }

    @Override
    public Policy create(PolicyContext context) {
        String name = context.name();
        return new ScriptedPolicy(ScheduleForm.SINGLE_PRIORITY, input -> {
            List<ThreadPriority> threads = new ArrayList<>();
            for (SpeRound spe : input.spes()) {
                for (OperatorThread t : spe.state().threads()) {
                    String n = t.thread().name();
                    threads.add(new ThreadPriority(spe.state().speName(), t,
                            Double.parseDouble(n.substring(n.lastIndexOf('-') + 1)), Map.of()));
                }
            }
            return new SinglePrioritySchedule(name, threads, OptionalDouble.empty());
        });
    }
}
