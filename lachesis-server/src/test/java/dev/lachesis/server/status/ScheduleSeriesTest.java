package dev.lachesis.server.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The series a round becomes in Graphite. */
class ScheduleSeriesTest {
    @Test
    void aRoundBecomesItsDurationOutcomeThreadCountAndEachThreadsPriorityAndValue() {
        OperatorThread executor = new OperatorThread(new JvmThread(new ThreadRef(42, 43), "Map (1/1)#0"), ThreadKind.MAIN,
                "job1", "op1", "op1", null);
        OperatorThread flusher = new OperatorThread(new JvmThread(new ThreadRef(42, 44), "OutputFlusher"),
                ThreadKind.SENDER, "job1", null, "flusher", null);
        TranslationPlan plan = new TranslationPlan("nice", "nice", List.of(
                new TranslatedThread(new ThreadPriority("flink", executor, 12.5, Map.of()), null, -20),
                new TranslatedThread(new ThreadPriority("flink", flusher, 0.25, Map.of()), null, 0)));
        RoundResult round = new RoundResult(new RoundReport(Instant.parse("2026-11-27T10:00:00.400Z"),
                Duration.ofNanos(3_500_000), List.of("qs"), List.of("qs"), List.of()), Map.of(), Map.of("qs", plan));

        assertThat(ScheduleSeries.of("lachesis.edge1", round)).containsExactly(
                "lachesis.edge1.round.duration_ms 3.5 1795773600",
                "lachesis.edge1.round.outcome 0 1795773600",
                "lachesis.edge1.policy.qs.threads 2 1795773600",
                "lachesis.edge1.schedule.flink.job1.op1.main.43.priority 12.5 1795773600",
                "lachesis.edge1.schedule.flink.job1.op1.main.43.value -20 1795773600",
                "lachesis.edge1.schedule.flink.job1._worker.sender.44.priority 0.25 1795773600",
                "lachesis.edge1.schedule.flink.job1._worker.sender.44.value 0 1795773600");
    }

    @Test
    void namePartsAreMadeSafeForGraphite() {
        assertThat(ScheduleSeries.safe("Source: in -> Map (1/2)")).isEqualTo("Source__in_-__Map__1_2_");
    }
}
