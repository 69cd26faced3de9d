package dev.lachesis.core.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.loop.ThreadRow;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoundLineTest {
    @Test
    void aRoundBecomesOneJsonObjectWithItsTimeDurationOutcomeAndThreads() throws Exception {
        RoundReport report = new RoundReport(Instant.parse("2026-11-23T10:15:30Z"), Duration.ofNanos(2_500_000),
                List.of("qs"), List.of(), List.of("storm: worker 42 is gone"));
        ThreadRow row = new ThreadRow("storm", 42, 43, "Thread-7-parse-executor[2, 2]", "q", "q/parse/2-2", "etl",
                "parse", 0, "main",
                "qs", "nice", "nice", null, Map.of("queue-size", 12.0), 12.0, -5);

        String json = JsonMapper.builder().build().writeValueAsString(
                RoundLine.of(new RoundResult(report, Map.of(), Map.of()), List.of(row)));

        JsonNode line = JsonMapper.builder().build().readTree(json);
        assertThat(json).doesNotContain("\n");
        assertThat(line.path("startedAt").asText()).isEqualTo("2026-11-23T10:15:30Z");
        assertThat(line.path("durationMs").asDouble()).isEqualTo(2.5);
        assertThat(line.path("outcome").asText()).isEqualTo("FAILED");
        assertThat(line.path("threads").get(0).path("tid").asInt()).isEqualTo(43);
        assertThat(line.path("threads").get(0).path("metrics").path("queue-size").asDouble()).isEqualTo(12.0);
    }
}
