package dev.lachesis.experiments.shapes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.experiments.etl.SenmlRecordGenerator;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FanoutTest {
    @Test
    void theLightParseFindsTheMessageIdOfAnEtlRecord() {
        SenmlRecordGenerator generator = SenmlRecordGenerator.standard();

        assertThat(Fanout.parse(generator.next())).isEqualTo("m0");
        assertThat(Fanout.parse(generator.next())).isEqualTo("m1");
        assertThatThrownBy(() -> Fanout.parse("{\"bn\":\"urn:dev:sensor-1:\",\"e\":[]}"))
                .hasMessage("a record without a message id: '{\"bn\":\"urn:dev:sensor-1:\",\"e\":[]}'");
    }

    @Test
    void theSplitSendsFortyThirtyThirtyPercentAndTheSinkSeesAsManyRecordsAsTheSourceEmitted() {
        int records = 100_000;
        SenmlRecordGenerator generator = SenmlRecordGenerator.standard();
        Map<Fanout.Step, Integer> taken = new EnumMap<>(Fanout.Step.class);
        int seconds = 0;
        int passed = 0;
        for (int i = 0; i < records; i++) {
            long key = Fanout.key(Fanout.parse(generator.next()));
            Fanout.Step branch = Fanout.branch(key);
            taken.merge(branch, 1, Integer::sum);
            seconds += branch == Fanout.Step.MEDIUM && Fanout.derivesSecond(key) ? 1 : 0;
            passed += branch == Fanout.Step.LIGHT_FILTER && Fanout.passesLightFilter(key) ? 1 : 0;
        }
        int heavy = taken.get(Fanout.Step.HEAVY);
        int medium = taken.get(Fanout.Step.MEDIUM);
        int light = taken.get(Fanout.Step.LIGHT_FILTER);

        assertThat(taken).doesNotContainKey(Fanout.Step.MERGE);
        assertThat(heavy / (double) records).isCloseTo(0.4, within(0.01));
        assertThat(medium / (double) records).isCloseTo(0.3, within(0.01));
        assertThat(light / (double) records).isCloseTo(0.3, within(0.01));
        assertThat((medium + seconds) / (double) medium).as("medium's selectivity").isCloseTo(1.7, within(0.01));
        assertThat(passed / (double) light).as("the light filter's selectivity").isCloseTo(0.3, within(0.01));
        assertThat((heavy + medium + seconds + passed) / (double) records).as("records at the merge per source record")
                .isCloseTo(1.0, within(0.01));
    }

    @Test
    void everyBranchEmitsWhatItsDecisionsSayAndTheMergePassesEverythingOn() {
        for (long n = 0; n < 300; n++) {
            long key = Fanout.key("m" + n);
            Fanout.Step branch = Fanout.branch(key);
            List<Integer> parts = new ArrayList<>();
            branch.apply(key, 0, key, (part, digest) -> parts.add(part));
            List<Integer> merged = new ArrayList<>();
            Fanout.Step.MERGE.apply(key, 0, key, (part, digest) -> merged.add(part));

            List<Integer> expected = switch (branch) {
                case HEAVY -> List.of(0);
                case MEDIUM -> Fanout.derivesSecond(key) ? List.of(0, 1) : List.of(0);
                case LIGHT_FILTER -> Fanout.passesLightFilter(key) ? List.of(0) : List.of();
                case MERGE -> throw new AssertionError("the split never sends a record to the merge");
            };
            assertThat(parts).as("parts %s emits for key %d", branch, key).isEqualTo(expected);
            assertThat(merged).containsExactly(0);
        }
    }

    @Test
    void aRecordIsDecidedAndDigestedAlikeEveryTime() {
        long key = Fanout.key("m12345");
        List<Long> first = new ArrayList<>();
        List<Long> second = new ArrayList<>();

        Fanout.Step.MEDIUM.apply(key, 0, 7, (part, digest) -> first.add(digest));
        Fanout.Step.MEDIUM.apply(key, 0, 7, (part, digest) -> second.add(digest));

        assertThat(Fanout.key("m12345")).isEqualTo(key);
        assertThat(first).isNotEmpty().isEqualTo(second);
    }

    @Test
    void theHeavyBranchCostsTheMostPerSourceRecordAndItIsNotTheFirstOperatorBehindTheSource() {
        double heavy = 0.4 * Fanout.Step.HEAVY.costMicros();

        assertThat(heavy).isGreaterThan(0.3 * Fanout.Step.MEDIUM.costMicros())
                .isGreaterThan(0.3 * Fanout.Step.LIGHT_FILTER.costMicros())
                .isGreaterThan(1.0 * Fanout.Step.MERGE.costMicros());
        assertThat(Fanout.OPERATORS.indexOf("heavy")).isGreaterThan(Fanout.OPERATORS.indexOf("parse"));
    }
}
