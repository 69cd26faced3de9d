package dev.lachesis.core.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.spi.ServiceManager;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ready once, after the first round whatever its outcome; alive after every round. */
class ServiceManagerNewsTest {
    private final List<String> told = new ArrayList<>();
    private final ServiceManager manager = new ServiceManager() {
        @Override
        public boolean isPresent() {
            return true;
        }

        @Override
        public void ready(String status) {
            told.add("ready: " + status);
        }

        @Override
        public void alive() {
            told.add("alive");
        }

        @Override
        public void stopping() {
            told.add("stopping");
        }
    };

    @Test
    void aFailedFirstRoundIsReadyWithItsProblemAndEveryRoundIsAlive() {
        ServiceManagerNews news = new ServiceManagerNews(List.of(manager));
        news.accept(round(List.of("SPE 'storm' cannot be seen: no Storm worker is running")));
        news.accept(round(List.of()));
        news.accept(round(List.of()));

        assertThat(told).containsExactly(
                "ready: first round FAILED: SPE 'storm' cannot be seen: no Storm worker is running", "alive",
                "alive", "alive");
    }

    private static RoundResult round(List<String> problems) {
        return new RoundResult(new RoundReport(Instant.parse("2026-12-02T16:00:00Z"), Duration.ofMillis(7),
                List.of("qs"), problems.isEmpty() ? List.of("qs") : List.of(), problems), Map.of(), Map.of());
    }
}
