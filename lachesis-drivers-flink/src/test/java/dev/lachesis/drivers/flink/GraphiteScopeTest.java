package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.metricsource.GraphiteGlob;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GraphiteScopeTest {
    private static final String CAPTURED_JOB = "307b97da02d2e72552d977d9a632bf74";

    private static FlinkJob capturedJob() {
        FlinkJob job = Fixtures.overloadedJob();
        return new FlinkJob(CAPTURED_JOB, job.name(), job.vertices());
    }

    @Test
    void recommendedScopeFindsEachSubtasksSeriesAmongRealNames() {
        GraphiteScope scope = GraphiteScope.task(GraphiteScope.TASK_RECOMMENDED);
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
                .contains(new GraphiteScope.Match(1, "numRecordsIn.count"));
        assertThat(scope.match(heavyTaskSeries.get(1), job, source)).isEmpty();
    }

    @Test
    void theDriversGlobsSelectExactlyTheTaskMetricsAmongRealSeriesNames() {
        FlinkJob job = capturedJob();
        GraphiteTaskMetrics reader = new GraphiteTaskMetrics(dev.lachesis.core.metricsource.FixedMetricSource.of(),
                GraphiteScope.task(GraphiteScope.TASK_RECOMMENDED),
                GraphiteScope.operator(GraphiteScope.OPERATOR_RECOMMENDED), java.time.Duration.ofSeconds(10));
        List<String> patterns = reader.globs(job, job.vertices());
        List<GraphiteGlob> globs = patterns.stream().map(GraphiteGlob::compile).toList();

        List<String> selected = Fixtures.text("graphite-names.txt").lines()
                .filter(n -> globs.stream().anyMatch(g -> g.matches(n))).toList();

        assertThat(patterns).hasSize(5).first().matches(p -> p.startsWith("flink.taskmanager." + CAPTURED_JOB + ".{"
                + Fixtures.SOURCE_VERTEX + "," + Fixtures.HEAVY_VERTEX + "," + Fixtures.SINK_VERTEX + "}.*.*.*."));
        assertThat(patterns.subList(0, 4)).allMatch(p -> p.startsWith(patterns.get(0).substring(0, patterns.get(0).indexOf("}"))));
        assertThat(patterns.get(4)).isEqualTo("flink.taskmanager." + CAPTURED_JOB + "." + Fixtures.SOURCE_VERTEX + ".*.*."
                + Fixtures.SOURCE_VERTEX + ".*.source-queue-size");
        // 13 task metrics for each of the 4 subtasks, nothing of operators or other scopes (the
        // example's source publishes no source-queue-size).
        assertThat(selected).hasSize(13 * 4).allMatch(n -> n.startsWith("flink.taskmanager." + CAPTURED_JOB + "."));
        assertThat(selected).noneMatch(n -> n.contains(".heavy.heavy.") || n.contains("." + Fixtures.HEAVY_VERTEX + ".heavy."));
    }

    @Test
    void flinksDefaultScopeMatchesByEscapedNames() {
        GraphiteScope scope = GraphiteScope.task(GraphiteScope.TASK_DEFAULT);
        FlinkJob job = capturedJob();
        FlinkVertex sink = job.vertex(Fixtures.SINK_VERTEX).orElseThrow();
        String name = "tm-host.taskmanager.115b7ef7-6673-4fc1-8cfa-e3c4c963dde7.lachesis-example.latency-->-discard:-Writer.0.buffers.inputQueueLength";

        assertThat(scope.glob(job, sink, "buffers.inputQueueLength"))
                .isEqualTo("*.taskmanager.*.lachesis-example.latency-->-discard:-Writer.*.buffers.inputQueueLength");
        assertThat(scope.match(name, job, sink)).contains(new GraphiteScope.Match(0, "buffers.inputQueueLength"));
        assertThat(Fixtures.text("graphite-names-default-scopes.txt"))
                .contains(name.substring("tm-host".length()));
    }

    @Test
    void namesOfSeveralVerticesBecomeAlternativesInOneGlob() {
        GraphiteScope scope = GraphiteScope.task(GraphiteScope.TASK_DEFAULT);
        FlinkJob job = capturedJob();

        assertThat(scope.glob(job, job.vertices(), "m")).isEqualTo(
                "*.taskmanager.*.lachesis-example.{Source:-events-->-light,heavy,latency-->-discard:-Writer}.*.m");
    }

    @Test
    void escapesNamesAsTheReporterDoesAndKeepsGlobCharactersLiteral() {
        assertThat(GraphiteScope.escape("Source: events -> light")).isEqualTo("Source:-events-->-light");
        assertThat(GraphiteScope.escape("Sink: Print to Std. Out")).isEqualTo("Sink:-Print-to-Std--Out");
        assertThat(GraphiteScope.escape("say \"hi\"")).isEqualTo("say-hi");
        FlinkJob job = new FlinkJob("j", "job", List.of(new FlinkVertex("v", "Window(a, b) [x]", 1, List.of("w"), List.of())));
        assertThat(GraphiteScope.task(GraphiteScope.TASK_DEFAULT).glob(job, job.vertices().get(0), "m"))
                .isEqualTo("*.taskmanager.*.job.Window(a?-b)-?x?.*.m");
    }

    @Test
    void recommendedOperatorScopeFindsEachSourceSubtasksQueueAmongRealNames() {
        GraphiteScope scope = GraphiteScope.operator(GraphiteScope.OPERATOR_RECOMMENDED);
        FlinkJob job = Fixtures.fileSourceJob();
        FlinkVertex source = job.vertex(Fixtures.FILE_SOURCE_VERTEX).orElseThrow();
        List<String> names = Fixtures.fileSourceSeries().stream().map(s -> s.name()).toList();

        assertThat(scope.glob(job, source, "source-queue-size")).isEqualTo("flink.taskmanager." + Fixtures.FILE_SOURCE_JOB
                + "." + Fixtures.FILE_SOURCE_VERTEX + ".*.*." + Fixtures.FILE_SOURCE_VERTEX + ".*.source-queue-size");
        assertThat(names).hasSize(2).allMatch(dev.lachesis.core.metricsource.GraphiteGlob.compile(
                scope.glob(job, source, "source-queue-size"))::matches);
        assertThat(names.stream().map(n -> scope.match(n, job, source).orElseThrow()))
                .containsExactly(new GraphiteScope.Match(0, "source-queue-size"), new GraphiteScope.Match(1, "source-queue-size"));
        FlinkVertex slow = job.vertices().get(1);
        assertThat(scope.match(names.get(0), job, slow)).isEmpty();
    }

    @Test
    void flinksDefaultOperatorScopeMatchesBySourceOperatorName() {
        GraphiteScope scope = GraphiteScope.operator(GraphiteScope.OPERATOR_DEFAULT);
        FlinkJob captured = Fixtures.fileSourceJob();
        // The name source-operators' IT saw with Flink's default scopes (job lachesis-src-it-da78adc0), on a TaskManager host.
        FlinkJob job = new FlinkJob("da78adc0da78adc0da78adc0da78adc0", "lachesis-src-it-da78adc0", captured.vertices());
        FlinkVertex source = job.vertex(Fixtures.FILE_SOURCE_VERTEX).orElseThrow();
        String name = "tm-host.taskmanager.19675186-529e-46ee-b916-56bb09fceed9.lachesis-src-it-da78adc0.Source:-file.0.source-queue-size";

        assertThat(scope.glob(job, source, "source-queue-size"))
                .isEqualTo("*.taskmanager.*.lachesis-src-it-da78adc0.Source:-file.*.source-queue-size");
        assertThat(scope.match(name, job, source)).contains(new GraphiteScope.Match(0, "source-queue-size"));
    }

    @Test
    void operatorNamesAreCutAt80CharactersAsFlinkDoes() {
        String longName = "Source: " + "s".repeat(100);
        FlinkJob job = new FlinkJob("j", "job", List.of(new FlinkVertex("v", longName + " -> Map", 1, List.of(longName, "Map"),
                List.of())));

        assertThat(GraphiteScope.operator(GraphiteScope.OPERATOR_DEFAULT).glob(job, job.vertices().get(0), "m"))
                .isEqualTo("*.taskmanager.*.job.Source:-" + "s".repeat(72) + ".*.m");
    }

    @Test
    void rejectsOperatorScopesThatCannotIdentifyAnOperator() {
        assertThatThrownBy(() -> GraphiteScope.operator(GraphiteScope.TASK_RECOMMENDED))
                .hasMessage("must name the operator with <operator_id> (recommended) or <operator_name>");
        assertThat(GraphiteScope.operator("<job_id>.<operator_id>.<subtask_index>").format())
                .isEqualTo("<job_id>.<operator_id>.<subtask_index>");
    }

    @Test
    void rejectsScopesThatCannotIdentifyASubtask() {
        assertThatThrownBy(() -> GraphiteScope.task("<host>.taskmanager.<job_name>.<task_name>"))
                .hasMessage("must have <subtask_index> as a node of its own");
        assertThatThrownBy(() -> GraphiteScope.task("<host>.<task_name>.<subtask_index>"))
                .hasMessageContaining("<job_id>");
        assertThatThrownBy(() -> GraphiteScope.task("<host>.<job_id>.<subtask_index>"))
                .hasMessageContaining("<task_id>");
        assertThat(Optional.of(GraphiteScope.task("<job_id>.<task_id>.<subtask_index>"))).isPresent();
    }
}
