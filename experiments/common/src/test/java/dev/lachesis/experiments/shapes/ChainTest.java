package dev.lachesis.experiments.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChainTest {
    /** A record between two steps. */
    private record Rec(long key, int part, long digest) {
    }

    @Test
    void everySourceRecordReachesTheSinkOnceWhileMediumAndFilterSeeThreeOfEach() {
        int records = 2_000;
        List<Rec> batch = new ArrayList<>();
        for (long n = 0; n < records; n++) {
            long key = Chain.key(Chain.STANDARD_SEED, n);
            batch.add(new Rec(key, 0, key));
        }
        List<Integer> taken = new ArrayList<>();

        for (Chain.Step step : Chain.Step.values()) {
            taken.add(batch.size());
            List<Rec> next = new ArrayList<>();
            for (Rec r : batch) {
                step.apply(r.key(), r.part(), r.digest(), (part, digest) -> next.add(new Rec(r.key(), part, digest)));
            }
            batch = next;
        }

        // Records each step took: light, heavy, expand, medium, filter, medium-heavy.
        assertThat(taken).containsExactly(records, records, records, 3 * records, 3 * records, records);
        assertThat(batch).hasSize(records);
        assertThat(batch.stream().mapToLong(Rec::key).distinct().count()).isEqualTo(records);
        assertThat(batch.stream().mapToInt(Rec::part).distinct()).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void theSequenceIsFixedByItsSeed() {
        assertThat(Chain.key(Chain.STANDARD_SEED, 5)).isEqualTo(Chain.key(Chain.STANDARD_SEED, 5))
                .isNotEqualTo(Chain.key(Chain.STANDARD_SEED, 6))
                .isNotEqualTo(Chain.key(Chain.STANDARD_SEED + 1, 5));
    }

    @Test
    void heavyCostsTheMostPerSourceRecord() {
        long heavy = Chain.Step.HEAVY.costMicros();

        assertThat(heavy).isGreaterThan(3 * Chain.Step.MEDIUM.costMicros())
                .isGreaterThan(Chain.Step.MEDIUM_HEAVY.costMicros())
                .isGreaterThan(Chain.Step.LIGHT.costMicros() + 3 * Chain.Step.FILTER.costMicros()
                        + Chain.Step.EXPAND.costMicros());
        assertThat(Chain.Step.values()).extracting(ShapeStep::operator)
                .containsExactlyElementsOf(Chain.OPERATORS.subList(1, Chain.OPERATORS.size() - 1));
    }
}
