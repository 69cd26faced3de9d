package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeepUpRuleTest {
    @Test
    void aQueryDeliveringWhatItsFilterLetsThroughWithSteadyLatencyKeepsUp() {
        KeepUpRule.Verdict verdict = KeepUpRule.judge(10_000, 9_800, 0.001);

        assertThat(verdict.keepsUp()).isTrue();
        assertThat(verdict.reason()).startsWith("keeps up: throughput 98.0% of the rate");
    }

    @Test
    void throughputBelowNinetyFivePercentOfTheRateFallsBehind() {
        KeepUpRule.Verdict verdict = KeepUpRule.judge(10_000, 9_100, 0.0);

        assertThat(verdict.keepsUp()).isFalse();
        assertThat(verdict.reason()).contains("throughput 91.0% of the rate, below 95.0%");
    }

    @Test
    void aBacklogGrowingFasterThanTwoPercentOfTheRateFallsBehindThoughThroughputLooksFine() {
        KeepUpRule.Verdict verdict = KeepUpRule.judge(10_000, 9_650, 0.035);

        assertThat(verdict.keepsUp()).isFalse();
        assertThat(verdict.reason()).contains("e2e p50 +35 ms/s", "backlog growing by 3.5% of the rate");
        assertThat(KeepUpRule.judge(10_000, 9_800, 0.015).keepsUp()).as("1.5%: within the rule").isTrue();
    }

    @Test
    void aStartUpBacklogStillDrainingKeepsUpButIsCalledNotYetSteady() {
        KeepUpRule.Verdict draining = KeepUpRule.judge(9_000, 10_400, -0.15);
        KeepUpRule.Verdict fast = KeepUpRule.judge(9_000, 9_500, Double.NaN);

        assertThat(draining.keepsUp()).isTrue();
        assertThat(draining.reason()).startsWith("keeps up, not yet steady").contains("--warm-up");
        assertThat(fast.keepsUp()).isTrue();
        assertThat(fast.reason()).startsWith("keeps up, not yet steady").contains("trend unknown");
    }

    @Test
    void nothingAtTheSinkFallsBehind() {
        assertThat(KeepUpRule.judge(10_000, Double.NaN, Double.NaN).keepsUp()).isFalse();
        assertThat(KeepUpRule.judge(10_000, 0, Double.NaN).reason()).contains("nothing reached the sink");
    }
}
