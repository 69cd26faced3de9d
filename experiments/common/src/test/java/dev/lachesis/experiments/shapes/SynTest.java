package dev.lachesis.experiments.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SynTest {
    @Test
    void theSameSeedDrawsTheSameQueriesAndAnotherSeedOthers() {
        assertThat(Syn.draw(7, 5, true)).isEqualTo(Syn.draw(7, 5, true));
        assertThat(Syn.draw(7, 5, false)).isNotEqualTo(Syn.draw(8, 5, false));
    }

    @Test
    void eachQueryHasThreeNamedOperatorsOfOneCostClassAndAChainSelectivityInHarensRange() {
        List<List<Syn.Operator>> queries = Syn.draw(Syn.STANDARD_SEED, 20, false);

        assertThat(queries).hasSize(20);
        for (int q = 0; q < queries.size(); q++) {
            List<Syn.Operator> operators = queries.get(q);
            assertThat(operators).extracting(Syn.Operator::operator)
                    .containsExactly("q" + (q + 1) + "-op1", "q" + (q + 1) + "-op2", "q" + (q + 1) + "-op3");
            assertThat(IntStream.rangeClosed(0, 4).mapToLong(z -> Syn.BASE_COST_MICROS << z))
                    .as("query %d's operators cost B·2^z ± 10%% for one z", q + 1)
                    .anySatisfy(cost -> assertThat(operators).allSatisfy(o ->
                            assertThat((double) o.costMicros()).isBetween(0.9 * cost - 0.5, 1.1 * cost + 0.5)));
            double chain = operators.stream().mapToDouble(Syn.Operator::selectivity).reduce(1, (a, b) -> a * b);
            assertThat(chain).isBetween(0.01 * Math.pow(0.9, 3), Math.pow(1.1, 3));
        }
        assertThat(queries).flatMap(q -> q).noneMatch(Syn.Operator::blocks);
    }

    @Test
    void withBlockingATenthOfTheOperatorsBlockAndAtLeastOne() {
        assertThat(Syn.draw(1, 20, true)).flatMap(q -> q).filteredOn(Syn.Operator::blocks).hasSize(6);
        assertThat(Syn.draw(1, 1, true)).flatMap(q -> q).filteredOn(Syn.Operator::blocks).hasSize(1);
    }

    @Test
    void anOperatorSpendsItsCostAndEmitsAsManyRecordsAsItsSelectivitySays() {
        List<long[]> emitted = new ArrayList<>();
        new Syn.Operator("q1-op1", 3, 2.0, false).apply(11, 0, 5, (part, digest) -> emitted.add(new long[] {part, digest}));

        long spent = CpuWork.spend(11 ^ 5, 3);
        assertThat(emitted).containsExactly(new long[] {0, CpuWork.mix(spent)}, new long[] {1, CpuWork.mix(spent + 1)});

        List<Integer> none = new ArrayList<>();
        new Syn.Operator("q1-op2", 0, 0.0, false).apply(11, 0, 5, (part, digest) -> none.add(part));
        assertThat(none).isEmpty();
    }

    @Test
    void aFractionalSelectivityKeepsThatShareOfRecords() {
        Syn.Operator half = new Syn.Operator("q1-op3", 0, 0.5, false);
        int[] kept = {0};
        for (long key = 0; key < 10_000; key++) {
            half.apply(Chain.key(Syn.STANDARD_SEED, key), 0, 0, (part, digest) -> kept[0]++);
        }

        // 5,000 expected, binomial standard deviation 50: six of them either way.
        assertThat(kept[0]).isBetween(4_700, 5_300);
    }

    @Test
    void aBlockLastsOneToTwoHundredMilliseconds() {
        for (long record = 0; record < 10_000; record++) {
            assertThat(Syn.Operator.blockMillis(record)).isBetween(1L, Syn.MAX_BLOCK_MILLIS);
        }
    }
}
