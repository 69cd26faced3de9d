package dev.lachesis.core.testing;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A small hand-made SPE for tests: worker 4242 running query {@code q} with a source {@code src}
 * and {@code n} replicas of {@code split} (operators {@code split-0}…, threads 5000…), plus one
 * worker-wide sender thread 6000. Input queue of {@code split-i} is {@code 10 * (i + 1)}.
 */
public final class FakeSpe {
    public static final int PID = 4242;

    private FakeSpe() {
    }

    public static SpeState state(String speName, int replicas, Instant at) {
        List<PhysicalOperator> operators = new ArrayList<>();
        List<OperatorThread> threads = new ArrayList<>();
        operators.add(new PhysicalOperator("src-0", "q", List.of("src"), 0, 1));
        threads.add(OperatorThread.main(thread(4999, "fake-executor[src 0]"), "q", "src-0"));
        for (int i = 0; i < replicas; i++) {
            operators.add(new PhysicalOperator("split-" + i, "q", List.of("split"), i, replicas));
            threads.add(OperatorThread.main(thread(5000 + i, "fake-executor[split " + i + "]"), "q", "split-" + i));
        }
        threads.add(OperatorThread.helper(thread(6000, "fake-worker-transfer"), ThreadKind.SENDER, "q", null,
                "worker-transfer@" + PID));
        Query query = new Query("q", "query", List.of(new LogicalOperator("src", "src"),
                new LogicalOperator("split", "Split words")), Map.of("src", Set.of("split")));
        return new SpeState(speName, "fake-spe", List.of(PID), List.of(query), operators, threads, at);
    }

    /** The input queue sizes of {@link #state}'s operators. */
    public static MetricValues inputQueues(int replicas) {
        MetricValues.Builder values = MetricValues.builder().put("src-0", 0);
        for (int i = 0; i < replicas; i++) {
            values.put("split-" + i, 10.0 * (i + 1));
        }
        return values.build();
    }

    public static Map<String, MetricValues> metrics(int replicas) {
        return Map.of(MetricNames.INPUT_QUEUE, inputQueues(replicas));
    }

    private static JvmThread thread(int tid, String name) {
        return new JvmThread(new ThreadRef(PID, tid), name);
    }
}
