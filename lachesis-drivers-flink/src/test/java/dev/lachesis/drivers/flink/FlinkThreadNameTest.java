package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadKind;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FlinkThreadNameTest {
    @Test
    void readsSubtaskThreadsAndTheirHelpersFromARealThreadDump() {
        Map<String, FlinkThreadName> parsed = new TreeMap<>();
        for (JvmThread t : Fixtures.threads(1)) {
            FlinkThreadName.parse(t.name()).ifPresent(n -> parsed.put(t.name(), n));
        }

        assertThat(parsed).containsOnly(
                Map.entry("Source: events -> light (1/1)#0", new FlinkThreadName("Source: events -> light", 0, 1, 0, ThreadKind.MAIN)),
                Map.entry("heavy (1/2)#0", new FlinkThreadName("heavy", 0, 2, 0, ThreadKind.MAIN)),
                Map.entry("heavy (2/2)#0", new FlinkThreadName("heavy", 1, 2, 0, ThreadKind.MAIN)),
                Map.entry("latency -> discard: Writer (1/1)#0", new FlinkThreadName("latency -> discard: Writer", 0, 1, 0, ThreadKind.MAIN)),
                Map.entry("OutputFlusher for heavy (1/2)#0", new FlinkThreadName("heavy", 0, 2, 0, ThreadKind.SENDER)),
                Map.entry("OutputFlusher for heavy (2/2)#0", new FlinkThreadName("heavy", 1, 2, 0, ThreadKind.SENDER)),
                Map.entry("OutputFlusher for Source: events -> light (1/1)#0", new FlinkThreadName("Source: events -> light", 0, 1, 0, ThreadKind.SENDER)),
                Map.entry("Time Trigger for Source: events -> light (1/1)#0", new FlinkThreadName("Source: events -> light", 0, 1, 0, ThreadKind.TIMER)),
                Map.entry("System Time Trigger for Source: events -> light (1/1)#0", new FlinkThreadName("Source: events -> light", 0, 1, 0, ThreadKind.TIMER)),
                Map.entry("System Time Trigger for heavy (1/2)#0", new FlinkThreadName("heavy", 0, 2, 0, ThreadKind.TIMER)),
                Map.entry("System Time Trigger for heavy (2/2)#0", new FlinkThreadName("heavy", 1, 2, 0, ThreadKind.TIMER)),
                Map.entry("System Time Trigger for latency -> discard: Writer (1/1)#0", new FlinkThreadName("latency -> discard: Writer", 0, 1, 0, ThreadKind.TIMER)));
    }

    @Test
    void flink2NamesItsThreadsAsFlink120Does() {
        List<String> names120 = Fixtures.threads(1).stream().map(JvmThread::name).filter(n -> FlinkThreadName.parse(n).isPresent()).sorted().toList();
        List<String> names22 = Fixtures.threads("flink-2.2", 1).stream().map(JvmThread::name).filter(n -> FlinkThreadName.parse(n).isPresent()).sorted().toList();

        assertThat(names22).hasSize(12).isEqualTo(names120);
    }

    @Test
    void aLegacySourceFunctionEmitsFromItsOwnThread() {
        Map<String, ThreadKind> kinds = new TreeMap<>();
        Fixtures.text("thread-names-legacy-source.txt").lines().filter(l -> !l.startsWith("#"))
                .forEach(n -> kinds.put(n, FlinkThreadName.parse(n).orElseThrow().kind()));

        assertThat(kinds).containsEntry("Legacy Source Thread - Source: legacy (1/1)#0", ThreadKind.SOURCE_READER)
                .containsEntry("Source: legacy (1/1)#0", ThreadKind.MAIN)
                .containsEntry("Sink: Writer (1/1)#0", ThreadKind.MAIN)
                .containsEntry("OutputFlusher for m (1/1)#0", ThreadKind.SENDER)
                .hasSize(8);
        assertThat(FlinkThreadName.parse("Legacy Source Thread - Source: legacy (1/1)#0").orElseThrow().taskName())
                .isEqualTo("Source: legacy");
    }

    @Test
    void readsLegacySourcesLaterAttemptsAndNamesWithoutAttempt() {
        assertThat(FlinkThreadName.parse("Legacy Source Thread - Source: Custom Source -> Map (3/4)#2"))
                .contains(new FlinkThreadName("Source: Custom Source -> Map", 2, 4, 2, ThreadKind.SOURCE_READER));
        assertThat(FlinkThreadName.parse("Sink: Print to Std. Out (1/1)"))
                .contains(new FlinkThreadName("Sink: Print to Std. Out", 0, 1, 0, ThreadKind.MAIN));
        assertThat(FlinkThreadName.parse("Window(TumblingEventTimeWindows(5000), EventTimeTrigger) (2/2)#11"))
                .contains(new FlinkThreadName("Window(TumblingEventTimeWindows(5000), EventTimeTrigger)", 1, 2, 11, ThreadKind.MAIN));
    }

    @Test
    void ignoresThreadsOfNoSubtask() {
        for (String name : List.of("flink-rate-limiter-thread-1", "SourceCoordinator-Source: events", "Timer-0",
                "flink-pekko.actor.default-dispatcher-5", "heavy (3/2)#0", "heavy (0/2)#0", "Flink Netty Server (0) Thread 0")) {
            assertThat(FlinkThreadName.parse(name)).as(name).isEmpty();
        }
        assertThat(FlinkThreadName.isNetty("Flink Netty Server (0) Thread 0")).isTrue();
        assertThat(FlinkThreadName.isNetty("Flink Netty Client (40125) Thread 3")).isTrue();
        assertThat(FlinkThreadName.isNetty("flink-rest-server-netty-boss-thread-1")).isFalse();
    }
}
