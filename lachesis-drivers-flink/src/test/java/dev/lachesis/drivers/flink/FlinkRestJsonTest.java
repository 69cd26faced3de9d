package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import org.junit.jupiter.api.Test;

class FlinkRestJsonTest {
    @Test
    void listsRunningJobsOnly() {
        String overview = """
                {"jobs":[{"jid":"6c1cafdfe046a8851007cab0940b83cd","name":"lachesis-example","state":"RUNNING"},
                         {"jid":"307b97da02d2e72552d977d9a632bf74","name":"lachesis-example","state":"CANCELED"}]}""";

        assertThat(FlinkRestJson.runningJobs(overview))
                .containsExactly(new FlinkRestJson.JobSummary("6c1cafdfe046a8851007cab0940b83cd", "lachesis-example", -1));
        assertThat(FlinkRestJson.runningJobs(Fixtures.text("jobs-overview.json")))
                .containsExactly(new FlinkRestJson.JobSummary("307b97da02d2e72552d977d9a632bf74", "lachesis-example", 4));
    }

    @Test
    void readsVerticesChainsAndInputsOfARealJob() {
        FlinkJob job = Fixtures.overloadedJob();

        assertThat(job.id()).isEqualTo(Fixtures.OVERLOADED_JOB);
        assertThat(job.name()).isEqualTo("lachesis-example");
        assertThat(job.vertices()).containsExactly(
                new FlinkVertex(Fixtures.SOURCE_VERTEX, "Source: events -> light", 1, List.of("Source: events", "light"), List.of()),
                new FlinkVertex(Fixtures.HEAVY_VERTEX, "heavy", 2, List.of("heavy"), List.of(Fixtures.SOURCE_VERTEX)),
                new FlinkVertex(Fixtures.SINK_VERTEX, "latency -> discard: Writer", 1, List.of("latency", "discard: Writer"),
                        List.of(Fixtures.HEAVY_VERTEX)));
    }

    @Test
    void readsNumericMetricValuesAndSkipsOthers() {
        String answer = """
                [{"id":"0.numRecordsIn","value":"39043"},{"id":"1.busyTimeMsPerSecond","value":"591.0"},
                 {"id":"0.latency.latencyMeanMs","value":"NaN"},{"id":"0.someText","value":"RUNNING"}]""";

        assertThat(FlinkRestJson.metricValues(answer))
                .containsOnly(entry("0.numRecordsIn", 39043.0), entry("1.busyTimeMsPerSecond", 591.0),
                        entry("0.latency.latencyMeanMs", Double.NaN));
    }

    @Test
    void everyTaskMetricTheDriverReadsIsPublishedByFlink120And22() throws Exception {
        for (String version : List.of("flink-1.20", "flink-2.2")) {
            List<String> published = new java.util.ArrayList<>();
            for (var metric : new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                    Fixtures.text(version, "vertex-metric-names.json"))) {
                published.add(metric.path("id").asText());
            }
            for (FlinkTaskMetric metric : FlinkTaskMetric.taskMetrics()) {
                assertThat(published).as(version).contains("0." + metric.flinkName(), "1." + metric.flinkName());
            }
        }
    }

    @Test
    void rejectsAnswersOfAnotherShape() {
        assertThatThrownBy(() -> FlinkRestJson.runningJobs("{\"errors\":[\"Not found\"]}"))
                .hasMessage("no 'jobs' list in the answer");
        assertThatThrownBy(() -> FlinkRestJson.job("<html>")).hasMessageStartingWith("not JSON");
        assertThatThrownBy(() -> FlinkRestJson.metricValues("{}")).hasMessage("the answer is not a list of metrics");
    }
}
