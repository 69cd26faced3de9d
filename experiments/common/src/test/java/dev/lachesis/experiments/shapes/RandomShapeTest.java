package dev.lachesis.experiments.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class RandomShapeTest {
    private static final List<RandomShape> SHAPES = LongStream.rangeClosed(1, 200).mapToObj(RandomShape::draw).toList();

    @Test
    void theSameSeedDrawsTheSameShapeAndAnotherSeedAnother() {
        assertThat(RandomShape.draw(7)).isEqualTo(RandomShape.draw(7));
        assertThat(RandomShape.draw(7)).isNotEqualTo(RandomShape.draw(8));
        assertThat(RandomShape.draw(7).label()).isEqualTo("random-7");
    }

    @Test
    void everyShapeIsADagFromTheSourceToTheSinkWithinItsBounds() {
        for (RandomShape shape : SHAPES) {
            Set<String> earlier = new HashSet<>(Set.of(RandomShape.SOURCE));
            assertThat(shape.operators()).hasSizeBetween(RandomShape.MIN_OPERATORS, RandomShape.MAX_OPERATORS);
            for (RandomShape.Node node : shape.operators()) {
                assertThat(earlier).as(shape.toString()).containsAll(node.inputs());
                assertThat(node.step().costMicros()).isBetween(1L, 400L);
                assertThat(node.parallelism()).isBetween(1, 2);
                earlier.add(node.name());
            }
            assertThat(shape.sinkInputs()).as(shape.toString()).isNotEmpty();
            Map<String, Double> arriving = shape.arrivalsPerSourceRecord();
            for (RandomShape.Node node : shape.operators()) {
                assertThat(arriving.get(node.name()) * node.step().selectivity()).as(shape.toString())
                        .isLessThanOrEqualTo(RandomShape.MAX_FAN + 1e-9);
            }
        }
    }

    @Test
    void theShapesVaryInWhatMattersToAPolicy() {
        assertThat(SHAPES).filteredOn(RandomShape::sourcePublishesBacklog).hasSizeBetween(70, 130);
        assertThat(SHAPES).anyMatch(s -> s.operators().stream().anyMatch(n -> n.inputs().size() == 2));
        assertThat(SHAPES).anyMatch(s -> s.sinkInputs().size() > 1);
        assertThat(SHAPES).anyMatch(s -> s.operators().stream().anyMatch(n -> n.step().selectivity() > 1));
        assertThat(SHAPES).anyMatch(s -> s.operators().stream().anyMatch(n -> n.parallelism() == 2));
    }

    @Test
    void theWorkBoundIsWhatTheOperatorsWorkAllowsOneCore() {
        // random-3: op1 4 µs on every record, op2 205 µs on the 0.14 op1 passes, ... 284 µs in all
        RandomShape shape = RandomShape.draw(3);
        Map<String, Double> arriving = shape.arrivalsPerSourceRecord();
        double work = shape.operators().stream()
                .mapToDouble(n -> arriving.get(n.name()) * n.step().costMicros()).sum();

        assertThat(shape.workMicrosPerSourceRecord()).isEqualTo(work);
        assertThat(shape.workBound()).isEqualTo(1e6 / work);
        assertThat(arriving.get("op1")).isEqualTo(1.0);
    }
}
