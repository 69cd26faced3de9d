package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GraphiteTaskScopeTest {
    private static final String CAPTURED_JOB = "307b97da02d2e72552d977d9a632bf74";

    private static FlinkJob capturedJob() {
        FlinkJob job = Fixtures.overloadedJob();
        return new FlinkJob(CAPTURED_JOB, job.name(), job.vertices());
    }

    @Test
    void recommendedScopeFindsEachSubtasksSeriesAmongRealNames() {
        GraphiteTaskScope scope = GraphiteTaskScope.parse(GraphiteTaskScope.RECOMMENDED);
        FlinkJob job = capturedJob();
        FlinkVertex heavy = job.vertex(Fixtures.HEAVY_VERTEX).orElseThrow();
        FlinkVertex source = job.vertex(Fixtures.SOURCE_VERTEX).orElseThrow();

        assertThat(scope.glob(job, source, "buffers.outputQueueLength")).isEqualTo("flink.taskmanager." + CAPTURED_JOB
                + "." + Fixtures.SOURCE_VERTEX + ".*.*.*.buffers.outputQueueLength");
        List<String> names = Fixtures.text("graphite-names.txt").lines().toList();
        List<String> heavyTaskSeries = names.stream()
                .filter(n -> scope.match(n, job, heavy).map(m -> m.metricSuffix().equals("numRecordsIn.count")).orElse(false))
                .toList();
        assertThat(heavyTaskSeries).containsExactly(
                "flink.taskmanager." + CAPTURED_JOB + "." + Fixtures.HEAVY_VERTEX + ".0.lachesis-example.heavy.numRecordsIn.count",
                "flink.taskmanager." + CAPTURED_JOB + "." + Fixtures.HEAVY_VERTEX + ".1.lachesis-example.heavy.numRecordsIn.count");
        assertThat(scope.match(heavyTaskSeries.get(1), job, heavy))
                .contains(new GraphiteTaskScope.Match(1, "numRecordsIn.count"));
        assertThat(scope.match(heavyTaskSeries.get(1), job, source)).isEmpty();
    }

    @Test
    void theDriversGlobsSelectExactlyTheTaskMetricsAmongRealSeriesNames() {
        FlinkJob job = capturedJob();
        GraphiteTaskMetrics reader = new GraphiteTaskMetrics(dev.lachesis.core.source.FixedMetricSource.of(),
                GraphiteTaskScope.parse(GraphiteTaskScope.RECOMMENDED), java.time.Duration.ofSeconds(10));
        List<String> patterns = reader.globs(job, job.vertices());
        List<dev.lachesis.core.source.GraphiteGlob> globs = patterns.stream().map(dev.lachesis.core.source.GraphiteGlob::compile).toList();

        List<String> selected = Fixtures.text("graphite-names.txt").lines()
                .filter(n -> globs.stream().anyMatch(g -> g.matches(n))).toList();

        assertThat(patterns).hasSize(4).allMatch(p -> p.startsWith("flink.taskmanager." + CAPTURED_JOB + ".{"
                + Fixtures.SOURCE_VERTEX + "," + Fixtures.HEAVY_VERTEX + "," + Fixtures.SINK_VERTEX + "}.*.*.*."));
        // 13 task metrics for each of the 4 subtasks, nothing of operators or other scopes.
        assertThat(selected).hasSize(13 * 4).allMatch(n -> n.startsWith("flink.taskmanager." + CAPTURED_JOB + "."));
        assertThat(selected).noneMatch(n -> n.contains(".heavy.heavy.") || n.contains("." + Fixtures.HEAVY_VERTEX + ".heavy."));
    }

    @Test
    void flinksDefaultScopeMatchesByEscapedNames() {
        GraphiteTaskScope scope = GraphiteTaskScope.parse(GraphiteTaskScope.FLINK_DEFAULT);
        FlinkJob job = capturedJob();
        FlinkVertex sink = job.vertex(Fixtures.SINK_VERTEX).orElseThrow();
        String name = "tm-host.taskmanager.115b7ef7-6673-4fc1-8cfa-e3c4c963dde7.lachesis-example.latency-->-discard:-Writer.0.buffers.inputQueueLength";

        assertThat(scope.glob(job, sink, "buffers.inputQueueLength"))
                .isEqualTo("*.taskmanager.*.lachesis-example.latency-->-discard:-Writer.*.buffers.inputQueueLength");
        assertThat(scope.match(name, job, sink)).contains(new GraphiteTaskScope.Match(0, "buffers.inputQueueLength"));
        assertThat(Fixtures.text("graphite-names-default-scopes.txt"))
                .contains(name.substring("tm-host".length()));
    }

    @Test
    void namesOfSeveralVerticesBecomeAlternativesInOneGlob() {
        GraphiteTaskScope scope = GraphiteTaskScope.parse(GraphiteTaskScope.FLINK_DEFAULT);
        FlinkJob job = capturedJob();

        assertThat(scope.glob(job, job.vertices(), "m")).isEqualTo(
                "*.taskmanager.*.lachesis-example.{Source:-events-->-light,heavy,latency-->-discard:-Writer}.*.m");
    }

    @Test
    void escapesNamesAsTheReporterDoesAndKeepsGlobCharactersLiteral() {
        assertThat(GraphiteTaskScope.escape("Source: events -> light")).isEqualTo("Source:-events-->-light");
        assertThat(GraphiteTaskScope.escape("Sink: Print to Std. Out")).isEqualTo("Sink:-Print-to-Std--Out");
        assertThat(GraphiteTaskScope.escape("say \"hi\"")).isEqualTo("say-hi");
        FlinkJob job = new FlinkJob("j", "job", List.of(new FlinkVertex("v", "Window(a, b) [x]", 1, List.of("w"), List.of())));
        assertThat(GraphiteTaskScope.parse(GraphiteTaskScope.FLINK_DEFAULT).glob(job, job.vertices().get(0), "m"))
                .isEqualTo("*.taskmanager.*.job.Window(a?-b)-?x?.*.m");
    }

    @Test
    void rejectsScopesThatCannotIdentifyASubtask() {
        assertThatThrownBy(() -> GraphiteTaskScope.parse("<host>.taskmanager.<job_name>.<task_name>"))
                .hasMessage("must have <subtask_index> as a node of its own");
        assertThatThrownBy(() -> GraphiteTaskScope.parse("<host>.<task_name>.<subtask_index>"))
                .hasMessageContaining("<job_id>");
        assertThatThrownBy(() -> GraphiteTaskScope.parse("<host>.<job_id>.<subtask_index>"))
                .hasMessageContaining("<task_id>");
        assertThat(Optional.of(GraphiteTaskScope.parse("<job_id>.<task_id>.<subtask_index>"))).isPresent();
    }
}
