package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SaturationSearchTest {
    private final List<Double> tried = new ArrayList<>();

    /**
     * A synthetic query on one core, shaped like Flink's ETL on the test machine: what it can process
     * follows the rate up to {@code knee}, then grows at half the pace; 2% of the records are
     * duplicates its Bloom filter drops; whatever it cannot process waits in front of it, so its
     * end-to-end latency grows by the share of the rate it falls behind. Judged by the real rule.
     */
    private SaturationSearch.Probe query(double knee) {
        return rate -> {
            tried.add(rate);
            double processed = rate <= knee ? rate : knee + (rate - knee) / 2;
            return KeepUpRule.judge(rate, 0.98 * processed, 1 - processed / rate).keepsUp();
        };
    }

    /** The rate at which {@link #query} starts to build a backlog faster than the rule allows. */
    private static double kneeByRule(double knee) {
        return knee / (1 - 2 * KeepUpRule.MAX_BACKLOG_GROWTH);
    }

    @Test
    void stepsUpGeometricallyThenBisectsTheStepWhereTheQueryFellBehind() throws Exception {
        SaturationSearch.Outcome outcome = new SaturationSearch(2000, 1.25, 100, 100_000, 3).run(query(22_000));

        assertThat(outcome.found()).isTrue();
        double keptUp = outcome.keptUp().getAsDouble();
        double fellBehind = outcome.fellBehind().getAsDouble();
        assertThat(keptUp).isLessThanOrEqualTo(kneeByRule(22_000)).isGreaterThan(22_000);
        assertThat(fellBehind).isGreaterThan(kneeByRule(22_000));
        assertThat(fellBehind / keptUp).as("three bisections narrow a 25% step to about 3%").isLessThan(1.03);
        assertThat(tried).startsWith(2000.0, 2500.0, 3125.0, 3906.0).hasSize(12 + 3)
                .allMatch(r -> r == Math.rint(r), "whole tuples per second");
    }

    @Test
    void neverTriesARateAboveMaxAndSaysWhenTheQueryKeptUpWithAll() throws Exception {
        SaturationSearch.Outcome outcome = new SaturationSearch(2000, 1.25, 100, 10_000, 3).run(query(1e9));

        assertThat(outcome.found()).isFalse();
        assertThat(outcome.fellBehind()).isEmpty();
        assertThat(outcome.keptUp()).hasValue(10_000);
        assertThat(tried).allMatch(r -> r <= 10_000).endsWith(9538.0, 10_000.0);
    }

    @Test
    void aFirstRateThatAlreadySaturatesSearchesDownwards() throws Exception {
        SaturationSearch.Outcome outcome = new SaturationSearch(2000, 1.25, 100, 100_000, 3).run(query(1500));

        assertThat(tried).startsWith(2000.0, 1600.0, 1280.0);
        assertThat(outcome.found()).isTrue();
        assertThat(outcome.keptUp().getAsDouble()).isGreaterThan(1500).isLessThanOrEqualTo(kneeByRule(1500));
        assertThat(outcome.fellBehind().getAsDouble()).isGreaterThan(kneeByRule(1500)).isLessThanOrEqualTo(1600);
        assertThat(tried.subList(3, tried.size())).allMatch(r -> r > 1280 && r < 1600);
    }

    @Test
    void aQueryThatNeverKeepsUpStopsAtMin() throws Exception {
        SaturationSearch.Outcome outcome = new SaturationSearch(2000, 2, 100, 100_000, 3).run(rate -> {
            tried.add(rate);
            return false;
        });

        assertThat(outcome.keptUp()).isEmpty();
        assertThat(outcome.fellBehind()).hasValue(100);
        assertThat(tried).containsExactly(2000.0, 1000.0, 500.0, 250.0, 125.0, 100.0);
    }

    @Test
    void smallRatesStepByAtLeastOneAndBisectionStopsWhenNoWholeRateIsLeftBetween() throws Exception {
        SaturationSearch.Outcome outcome = new SaturationSearch(10, 1.01, 1, 100, 3).run(rate -> {
            tried.add(rate);
            return rate <= 12;
        });

        assertThat(tried).containsExactly(10.0, 11.0, 12.0, 13.0);
        assertThat(outcome.keptUp()).hasValue(12);
        assertThat(outcome.fellBehind()).hasValue(13);
    }

    @Test
    void rejectsOptionsOutOfRangeNamingTheOption() {
        assertThatThrownBy(() -> new SaturationSearch(2000, 1, 100, 100_000, 3)).hasMessageContaining("--factor");
        assertThatThrownBy(() -> new SaturationSearch(200_000, 1.25, 100, 100_000, 3)).hasMessageContaining("--from");
        assertThatThrownBy(() -> new SaturationSearch(50, 1.25, 100, 100_000, 3)).hasMessageContaining("--from");
        assertThatThrownBy(() -> new SaturationSearch(2000, 1.25, 0, 100_000, 3)).hasMessageContaining("--min");
        assertThatThrownBy(() -> new SaturationSearch(2000, 1.25, 100, 100_000, -1)).hasMessageContaining("--bisections");
    }
}
