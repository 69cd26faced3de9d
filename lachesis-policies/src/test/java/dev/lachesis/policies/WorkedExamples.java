package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.ARRIVAL_RATE;
import static dev.lachesis.core.metric.MetricNames.COST;
import static dev.lachesis.core.metric.MetricNames.HEAD_AGE;
import static dev.lachesis.core.metric.MetricNames.OUTPUT_QUEUE;
import static dev.lachesis.core.metric.MetricNames.PATH_COST;
import static dev.lachesis.core.metric.MetricNames.PATH_SELECTIVITY;
import static dev.lachesis.core.metric.MetricNames.QUEUE_SIZE;
import static dev.lachesis.core.metric.MetricNames.SOURCE_QUEUE;

import dev.lachesis.core.model.ThreadKind;
import java.util.List;

/**
 * The two worked examples every policy test shares, with the values the metric provider would hand
 * the policies, derived by hand from the papers' definitions in the comments.
 *
 * <h2>Chain S → A → B → K</h2>
 * <pre>
 * op  selectivity  cost ms  input queue  output queue  arrival t/s  source queue
 * S   1            0.1      0 (unseen)   5             -            120
 * A   0.5          1.0      40           15            1000
 * B   2            0.5      10           60            500  (= 1000 × 0.5)
 * K   1            0.25     30           -             1000 (= 500 × 2)
 * </pre>
 * HR (Sharaf): path selectivity PS = product of the selectivities from the operator to the sink,
 * path cost PC = c_i + s_i × PC_next, rate = PS / PC:
 * <pre>
 * K: PS = 1,             PC = 0.25                    rate = 4
 * B: PS = 2 × 1 = 2,     PC = 0.5 + 2 × 0.25 = 1.0    rate = 2
 * A: PS = 0.5 × 2 = 1,   PC = 1.0 + 0.5 × 1.0 = 1.5   rate = 2/3
 * S: PS = 1 × 1 = 1,     PC = 0.1 + 1 × 1.5 = 1.6     rate = 0.625
 * </pre>
 * FCFS head age = queue / arrival rate (what the provider derives when the SPE publishes no arrival
 * time): A 40/1000 s = 40 ms, B 10/500 s = 20 ms, K 30/1000 s = 30 ms; the source has none.
 *
 * <h2>Diamond S → {A, B} → K</h2>
 * <pre>
 * op  selectivity  cost ms  input queue  arrival t/s
 * S   1            0.1      0 (unseen)   -
 * A   0.2          2.0      50           1000
 * B   3            0.5      5            1000
 * K   1            0.2      20           3200 (= 1000 × 0.2 + 1000 × 3)
 * </pre>
 * HR with the provider's mean over paths at the fork:
 * <pre>
 * K: PS = 1,                     PC = 0.2                              rate = 5
 * A: PS = 0.2,                   PC = 2 + 0.2 × 0.2 = 2.04             rate = 0.2 / 2.04
 * B: PS = 3,                     PC = 0.5 + 3 × 0.2 = 1.1              rate = 3 / 1.1
 * S: PS = mean(0.2, 3) = 1.6,    PC = 0.1 + 1 × mean(2.04, 1.1) = 1.67 rate = 1.6 / 1.67
 * </pre>
 * FCFS head age: A 50 ms, B 5 ms, K 20/3200 s = 6.25 ms.
 */
final class WorkedExamples {
    private WorkedExamples() {
    }

    /** The chain, one replica per operator; every operator but the sink has a sender thread. */
    static TestSpe chain() {
        return new TestSpe()
                .query("chain", List.of("S", "A", "B", "K"), "S>A", "A>B", "B>K")
                .operator("S#0", "chain", "S").operator("A#0", "chain", "A")
                .operator("B#0", "chain", "B").operator("K#0", "chain", "K")
                .main("S#0").helper("S-send", ThreadKind.SENDER, "chain", "S#0", "S#0")
                .main("A#0").helper("A-send", ThreadKind.SENDER, "chain", "A#0", "A#0")
                .main("B#0").helper("B-send", ThreadKind.SENDER, "chain", "B#0", "B#0")
                .main("K#0")
                .metric(QUEUE_SIZE, "S#0", 0).metric(QUEUE_SIZE, "A#0", 40)
                .metric(QUEUE_SIZE, "B#0", 10).metric(QUEUE_SIZE, "K#0", 30)
                .metric(OUTPUT_QUEUE, "S#0", 5).metric(OUTPUT_QUEUE, "A#0", 15).metric(OUTPUT_QUEUE, "B#0", 60)
                .metric(SOURCE_QUEUE, "S#0", 120)
                .metric(ARRIVAL_RATE, "A#0", 1000).metric(ARRIVAL_RATE, "B#0", 500).metric(ARRIVAL_RATE, "K#0", 1000)
                .metric(COST, "S#0", 0.1).metric(COST, "A#0", 1.0).metric(COST, "B#0", 0.5).metric(COST, "K#0", 0.25)
                .metric(HEAD_AGE, "A#0", 40).metric(HEAD_AGE, "B#0", 20).metric(HEAD_AGE, "K#0", 30)
                .metric(PATH_SELECTIVITY, "chain/S", 1).metric(PATH_COST, "chain/S", 1.6)
                .metric(PATH_SELECTIVITY, "chain/A", 1).metric(PATH_COST, "chain/A", 1.5)
                .metric(PATH_SELECTIVITY, "chain/B", 2).metric(PATH_COST, "chain/B", 1.0)
                .metric(PATH_SELECTIVITY, "chain/K", 1).metric(PATH_COST, "chain/K", 0.25);
    }

    /** The diamond, one replica and one main thread per operator. */
    static TestSpe diamond() {
        return new TestSpe()
                .query("diamond", List.of("S", "A", "B", "K"), "S>A", "S>B", "A>K", "B>K")
                .operator("S#0", "diamond", "S").operator("A#0", "diamond", "A")
                .operator("B#0", "diamond", "B").operator("K#0", "diamond", "K")
                .main("S#0").main("A#0").main("B#0").main("K#0")
                .metric(QUEUE_SIZE, "S#0", 0).metric(QUEUE_SIZE, "A#0", 50)
                .metric(QUEUE_SIZE, "B#0", 5).metric(QUEUE_SIZE, "K#0", 20)
                .metric(ARRIVAL_RATE, "A#0", 1000).metric(ARRIVAL_RATE, "B#0", 1000).metric(ARRIVAL_RATE, "K#0", 3200)
                .metric(COST, "S#0", 0.1).metric(COST, "A#0", 2.0).metric(COST, "B#0", 0.5).metric(COST, "K#0", 0.2)
                .metric(HEAD_AGE, "A#0", 50).metric(HEAD_AGE, "B#0", 5).metric(HEAD_AGE, "K#0", 6.25)
                .metric(PATH_SELECTIVITY, "diamond/S", 1.6).metric(PATH_COST, "diamond/S", 1.67)
                .metric(PATH_SELECTIVITY, "diamond/A", 0.2).metric(PATH_COST, "diamond/A", 2.04)
                .metric(PATH_SELECTIVITY, "diamond/B", 3).metric(PATH_COST, "diamond/B", 1.1)
                .metric(PATH_SELECTIVITY, "diamond/K", 1).metric(PATH_COST, "diamond/K", 0.2);
    }
}
