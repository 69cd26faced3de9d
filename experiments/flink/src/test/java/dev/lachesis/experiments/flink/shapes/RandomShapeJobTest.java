package dev.lachesis.experiments.flink.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.shapes.RandomShape;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

/** A random shape's job graph has the shape's operators, with its parallelism and edges, each a task of its own. */
class RandomShapeJobTest {
    @Test
    void everyOperatorIsAVertexOfItsOwnWithTheShapesParallelismAndInputs() {
        for (long seed = 1; seed <= 20; seed++) {
            RandomShape shape = RandomShape.draw(seed);
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            RandomShapeJob.build(env, shape, 1000);
            JobGraph graph = env.getStreamGraph(false).getJobGraph();

            List<String> names = new ArrayList<>();
            for (JobVertex vertex : graph.getVertices()) {
                names.add(vertex.getName());
            }
            assertThat(names).as(shape.toString()).contains("Source: source", "sink")
                    .hasSize(shape.operators().size() + 2);
            for (RandomShape.Node node : shape.operators()) {
                JobVertex vertex = vertex(graph, node.name());
                assertThat(vertex.getParallelism()).as(node.name()).isEqualTo(node.parallelism());
                assertThat(vertex.getInputs()).as(shape + ": " + node.name()).hasSize(node.inputs().size());
            }
            assertThat(vertex(graph, "sink").getInputs()).hasSize(shape.sinkInputs().size());
        }
    }

    private static JobVertex vertex(JobGraph graph, String name) {
        for (JobVertex vertex : graph.getVertices()) {
            if (vertex.getName().equals(name)) {
                return vertex;
            }
        }
        throw new AssertionError("no vertex " + name);
    }
}
