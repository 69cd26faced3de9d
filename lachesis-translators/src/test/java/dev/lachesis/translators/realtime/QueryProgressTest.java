package dev.lachesis.translators.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import dev.lachesis.translators.realtime.QueryProgress.Reading;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A query's progress is what its operators, sources aside, processed; rounds without it are counted. */
class QueryProgressTest {
    private static final QueryKey ETL = new QueryKey("storm", "etl-1");
    private final QueryProgress progress = new QueryProgress();

    /** Query etl-1: source → parse → sink, the sink with two replicas. */
    static PolicyInput round(Map<String, Double> processedRate) {
        Query etl = new Query("etl-1", "etl", List.of(new LogicalOperator("source", "source"),
                new LogicalOperator("parse", "parse"), new LogicalOperator("sink", "sink")),
                Map.of("source", Set.of("parse"), "parse", Set.of("sink")));
        List<PhysicalOperator> operators = List.of(new PhysicalOperator("source-0", "etl-1", List.of("source"), 0, 1),
                new PhysicalOperator("parse-0", "etl-1", List.of("parse"), 0, 1),
                new PhysicalOperator("sink-0", "etl-1", List.of("sink"), 0, 2),
                new PhysicalOperator("sink-1", "etl-1", List.of("sink"), 1, 2));
        SpeState state = new SpeState("storm", "storm", List.of(100), List.of(etl), operators, List.of(), Instant.EPOCH);
        return new PolicyInput(Instant.EPOCH, List.of(new SpeRound(state,
                Map.of(MetricNames.PROCESSED_RATE, MetricValues.of(processedRate)))));
    }

    @Test
    void sumsWhatItsOperatorsProcessedSourcesAside() {
        progress.record(round(Map.of("source-0", 14_000.0, "parse-0", 9_000.0, "sink-0", 4_000.0, "sink-1", 4_500.0)), 7);

        assertThat(progress.of(ETL)).contains(new Reading(17_500, 7, 0, 0));
    }

    @Test
    void starvedSinksAreNoStandstillWhileTheOperatorsBeforeThemProcess() {
        progress.record(round(Map.of("parse-0", 9_000.0, "sink-0", 0.0, "sink-1", 0.0)), 7);

        assertThat(progress.of(ETL)).contains(new Reading(9_000, 7, 0, 0));
    }

    @Test
    void roundsWithoutProcessingCountAgainstTheQueryEvenWhileItsSourceEmits() {
        progress.record(round(Map.of("sink-0", 4_000.0)), 7);

        progress.record(round(Map.of("source-0", 14_000.0, "parse-0", 0.0, "sink-0", 0.0)), 8);
        progress.record(round(Map.of("source-0", 14_000.0)), 9);

        assertThat(progress.of(ETL)).contains(new Reading(4_000, 7, 1, 1));

        progress.record(round(Map.of("sink-1", 10.0)), 10);

        assertThat(progress.of(ETL)).contains(new Reading(10, 10, 0, 0));
    }

    @Test
    void aRoundThatCouldNotSeeTheSpeCountsAsARoundWithoutValue() {
        progress.record(round(Map.of("sink-0", 4_000.0)), 7);

        progress.record(new PolicyInput(Instant.EPOCH, List.of()), 8);

        assertThat(progress.of(ETL)).contains(new Reading(4_000, 7, 0, 1));
    }

    @Test
    void aQueryWhoseOperatorsNeverProcessedHasNoReading() {
        progress.record(round(Map.of("source-0", 14_000.0, "parse-0", 0.0)), 7);

        assertThat(progress.of(ETL)).isEmpty();
        assertThat(progress.of(new QueryKey("flink", "etl-1"))).isEmpty();
    }
}
