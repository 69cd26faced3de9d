package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.CPU_USAGE;
import static dev.lachesis.core.metric.MetricNames.EMITTED_RATE;
import static dev.lachesis.policies.TestSpe.entry;
import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.PriorityScale;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.policies.heaviest.HeaviestFirstPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * HEAVIEST-FIRST on hand-built rounds: a chain {@code source → parse → join → publish → sink}, each
 * operator one thread, with the CPU each took (share of a core) as the daemon reads it from
 * {@code /proc}. Rounds are a second apart; defaults unless a test says otherwise (smoothing 10 s,
 * confirm 10 s, join at 0.8 and leave below 0.5 of the heaviest, sources at half, ramp 4 s; the
 * comparison with the kernel off, so that it never releases within a test).
 */
class HeaviestFirstPolicyTest {
    private static final List<String> CHAIN = List.of("source", "parse", "join", "publish", "sink");

    private static HeaviestFirstPolicy policy() {
        return new HeaviestFirstPolicy("hf", settings(Duration.ofSeconds(4)));
    }

    private static HeaviestFirstPolicy.Settings settings(Duration ramp) {
        return new HeaviestFirstPolicy.Settings(null, null, null, null, null, ramp, false, null, null, null);
    }

    /** The chain with the given CPU per operator, in CHAIN's order. */
    private static TestSpe chain(double... cpu) {
        TestSpe spe = new TestSpe().query("q", CHAIN, "source>parse", "parse>join", "join>publish", "publish>sink");
        for (int i = 0; i < CHAIN.size(); i++) {
            String op = CHAIN.get(i);
            spe.operator(op, "q", op).main(op).metric(CPU_USAGE, op, cpu[i]);
        }
        spe.metric(EMITTED_RATE, "source", 1000);
        return spe;
    }

    private static Schedule round(HeaviestFirstPolicy policy, int second, TestSpe spe) {
        return policy.schedule(new PolicyInput(TestSpe.NOW.plusSeconds(second), List.of(spe.round(policy))));
    }

    @Test
    void theHeaviestOperatorGoesAllTheWayItsSourceHalfAndTheRestStayWithTheKernel() {
        TestSpe spe = chain(0.05, 0.1, 0.6, 0.2, 0.05)
                .helper("join-flusher", ThreadKind.SENDER, "q", "join", "join")
                .helper("worker-transfer", ThreadKind.SENDER, "q", null, "worker-transfer@1");
        HeaviestFirstPolicy hf = policy();

        Schedule schedule = round(hf, 0, spe);

        assertThat(schedule.scale()).isEqualTo(PriorityScale.FROM_NEUTRAL);
        assertThat(priorities(schedule)).containsExactly(entry("source-main", 0.5), entry("parse-main", 0.0),
                entry("join-main", 1.0), entry("publish-main", 0.0), entry("sink-main", 0.0),
                entry("join-flusher", 1.0), entry("worker-transfer", 0.0));
        assertThat(entry(schedule, "join-main").metrics()).containsEntry(CPU_USAGE, 0.6)
                .containsEntry(HeaviestFirstPolicy.USAGE, 0.6)
                .containsEntry(HeaviestFirstPolicy.SHARE, 1.0);
    }

    @Test
    void operatorsAlmostAsHeavyAsTheHeaviestCountAsHeavyToo() {
        Schedule schedule = round(policy(), 0, chain(0.05, 0.1, 0.5, 0.42, 0.05));

        assertThat(priorities(schedule)).containsEntry("join-main", 1.0).containsEntry("publish-main", 1.0)
                .containsEntry("parse-main", 0.0);
    }

    @Test
    void theReplicasOfAnOperatorCountTogether() {
        TestSpe spe = new TestSpe().query("q", List.of("source", "parse", "join"), "source>parse", "parse>join");
        spe.operator("source", "q", "source").main("source").metric(CPU_USAGE, "source", 0.05);
        spe.replica("parse#0", "q", "parse", 0, 2).main("parse#0").metric(CPU_USAGE, "parse#0", 0.3);
        spe.replica("parse#1", "q", "parse", 1, 2).main("parse#1").metric(CPU_USAGE, "parse#1", 0.3);
        spe.operator("join", "q", "join").main("join").metric(CPU_USAGE, "join", 0.45);

        Map<String, Double> p = priorities(round(policy(), 0, spe));

        assertThat(p).containsEntry("parse#0-main", 1.0).containsEntry("parse#1-main", 1.0)
                .containsEntry("join-main", 0.0);
    }

    @Test
    void aSourceThatIsTheHeaviestGoesAllTheWay() {
        assertThat(priorities(round(policy(), 0, chain(0.7, 0.1, 0.2, 0.05, 0.05))))
                .containsEntry("source-main", 1.0).containsEntry("join-main", 0.0);
    }

    @Test
    void aBriefSwingDoesNotMoveTheHeaviestAndAPersistentOneMovesItStepByStep() {
        HeaviestFirstPolicy hf = policy();
        int t = 0;
        for (; t < 30; t++) {
            round(hf, t, chain(0.05, 0.1, 0.6, 0.2, 0.05));
        }
        // publish takes twice join's CPU for 5 s: within the smoothing and the confirmation, nothing moves
        for (int end = t + 5; t < end; t++) {
            assertThat(priorities(round(hf, t, chain(0.05, 0.1, 0.3, 0.6, 0.05))))
                    .containsEntry("join-main", 1.0).containsEntry("publish-main", 0.0);
        }
        // it lasts: publish joins once its smoothed CPU has stayed above 0.8 of the heaviest for 10 s,
        // and join leaves once below 0.5 for as long; each moves by at most a quarter a second
        double lastJoin = 1;
        double lastPublish = 0;
        for (int end = t + 60; t < end; t++) {
            Map<String, Double> p = priorities(round(hf, t, chain(0.05, 0.1, 0.2, 0.6, 0.05)));
            assertThat(Math.abs(p.get("join-main") - lastJoin)).isLessThanOrEqualTo(0.25 + 1e-9);
            assertThat(Math.abs(p.get("publish-main") - lastPublish)).isLessThanOrEqualTo(0.25 + 1e-9);
            lastJoin = p.get("join-main");
            lastPublish = p.get("publish-main");
        }
        assertThat(lastPublish).isEqualTo(1.0);
        assertThat(lastJoin).isEqualTo(0.0);
    }

    @Test
    void aQueryWhoseOperatorsAllTakeNoCpuLeavesEveryThreadWithTheKernel() {
        assertThat(priorities(round(policy(), 0, chain(0, 0, 0, 0, 0)))).allSatisfy((thread, p) -> assertThat(p).isZero());
    }
}
