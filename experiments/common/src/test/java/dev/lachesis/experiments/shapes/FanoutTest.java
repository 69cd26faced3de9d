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
    private static final int RECORDS = 100_000;

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
        SenmlRecordGenerator generator = SenmlRecordGenerator.standard();
        Map<Fanout.Step, Integer> taken = new EnumMap<>(Fanout.Step.class);
        Map<Fanout.Step, Integer> emitted = new EnumMap<>(Fanout.Step.class);
        long merged = 0;
        for (int i = 0; i < RECORDS; i++) {
            long key = Fanout.key(Fanout.parse(generator.next()));
            Fanout.Step branch = Fanout.branch(key);
            List<Integer> parts = new ArrayList<>();
            branch.apply(key, 0, key, (part, digest) -> parts.add(part));
            taken.merge(branch, 1, Integer::sum);
            emitted.merge(branch, parts.size(), Integer::sum);
            merged += parts.size();
        }

        assertThat(share(taken, Fanout.Step.HEAVY, RECORDS)).isCloseTo(0.4, within(0.01));
        assertThat(share(taken, Fanout.Step.MEDIUM, RECORDS)).isCloseTo(0.3, within(0.01));
        assertThat(share(taken, Fanout.Step.LIGHT_FILTER, RECORDS)).isCloseTo(0.3, within(0.01));
        assertThat(taken).doesNotContainKey(Fanout.Step.MERGE);
        assertThat(share(emitted, Fanout.Step.HEAVY, taken.get(Fanout.Step.HEAVY))).isEqualTo(1.0);
        assertThat(share(emitted, Fanout.Step.MEDIUM, taken.get(Fanout.Step.MEDIUM))).isCloseTo(1.7, within(0.02));
        assertThat(share(emitted, Fanout.Step.LIGHT_FILTER, taken.get(Fanout.Step.LIGHT_FILTER))).isCloseTo(0.3, within(0.02));
        assertThat(merged / (double) RECORDS).isCloseTo(1.0, within(0.02));
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

    private static double share(Map<Fanout.Step, Integer> counts, Fanout.Step step, int of) {
        return counts.getOrDefault(step, 0) / (double) of;
    }
}
