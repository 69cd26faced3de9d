package dev.lachesis.translators.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.translators.CgroupSettings;
import dev.lachesis.translators.FakeProc;
import dev.lachesis.translators.RecordingKernel;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.journal.RestoreJournal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RT priorities the {@code rt} translator gives a query's lookouts (its metrics reporter and the
 * JVM's VM thread), from the raw priorities {@code RealTimeGuard} hands it — copied from
 * {@code RealTimeGuardTest} of lachesis-policies, which this module may not depend on — through the
 * real normaliser and smoother ({@code plan}; no thread changes). They stand level with the query's
 * busiest thread, whatever raw priority they came with.
 */
class RealTimeLookoutTest {
    private static final int PID = 100;

    @TempDir
    Path tmp;
    private RealTimeTranslator translator;

    @AfterEach
    void close() {
        if (translator != null) {
            translator.close();
        }
    }

    private RealTimeTranslator create(String yaml) throws Exception {
        translator = new RealTimeTranslator("rt", RealTimeSettings.bind(ConfigNode.ofYaml("s", yaml)), new RecordingKernel(),
                new FakeProc(tmp.resolve("proc")).procFs, new CgroupHierarchy(CgroupVersion.V1, tmp.resolve("cpu")),
                RestoreJournal.open(tmp.resolve("journal")), new CgroupSettings("/lachesis", null), () -> 0);
        return translator;
    }

    /** Thread name → its raw priority, in order; names ending in -reporter or -vm are lookouts. */
    private static SinglePrioritySchedule schedule(Map<String, Double> raw) {
        List<ThreadPriority> threads = new ArrayList<>();
        int tid = 101;
        for (Map.Entry<String, Double> e : raw.entrySet()) {
            JvmThread t = new JvmThread(new ThreadRef(PID, tid++), e.getKey());
            OperatorThread thread = e.getKey().endsWith("-reporter") ? OperatorThread.helper(t, ThreadKind.REPORTER, "q", null, "w")
                    : e.getKey().endsWith("-vm") ? OperatorThread.helper(t, ThreadKind.RUNTIME, "q", null, "w")
                    : OperatorThread.main(t, "q", e.getKey());
            threads.add(new ThreadPriority("storm", thread, e.getValue(), Map.of()));
        }
        return new SinglePrioritySchedule("qs-io", threads, OptionalDouble.empty());
    }

    private Map<String, Long> plan(Map<String, Double> raw) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (TranslatedThread t : translator.plan(schedule(raw)).threads()) {
            values.put(t.entry().thread().thread().name(), t.value());
        }
        return values;
    }

    private static Map<String, Double> raw(Object... nameValue) {
        Map<String, Double> raw = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            raw.put((String) nameValue[i], ((Number) nameValue[i + 1]).doubleValue());
        }
        return raw;
    }

    @Test
    void theLookoutsShareTheBusiestOperatorsPriorityWhateverTheirRawOne() throws Exception {
        create("{watchdog: {enabled: false}}");
        // RealTimeGuardTest theLookoutsNeverTakeTheSendersPriorityBeforeItsCap: A's sender asked for
        // 60 and was capped at 2; A at 9 is the busiest. The guard hands the lookouts over at 2.
        assertThat(plan(raw("S", 2, "A", 9, "A-send", 2, "B", 2, "q-reporter", 2, "q-vm", 2)))
                .containsExactly(Map.entry("S", 1L), Map.entry("A", 99L), Map.entry("A-send", 1L), Map.entry("B", 1L),
                        Map.entry("q-reporter", 99L), Map.entry("q-vm", 99L));
        // A raw 60 (the sender's priority before its cap) neither lifts them above A nor stretches
        // the range the operators are spread over: linear 1..99 over [2, 60] would have given A 13.
        assertThat(plan(raw("S", 2, "A", 9, "A-send", 2, "B", 2, "q-reporter", 60, "q-vm", 60)))
                .containsExactly(Map.entry("S", 1L), Map.entry("A", 99L), Map.entry("A-send", 1L), Map.entry("B", 1L),
                        Map.entry("q-reporter", 99L), Map.entry("q-vm", 99L));
    }

    @Test
    void afterSmoothingTheLookoutsStayAtTheBusiestOperatorsPriority() throws Exception {
        create("{smoothing: 0.5, watchdog: {enabled: false}}");
        // The busiest operator changes every round; the lookouts are handed over at the lowest, 0.
        plan(raw("A", 10, "B", 0, "q-reporter", 0, "q-vm", 0));
        // Smoothed: A (10 + 0) / 2 = 5, B (0 + 10) / 2 = 5: one level, and the lookouts with it.
        Map<String, Long> even = plan(raw("A", 0, "B", 10, "q-reporter", 0, "q-vm", 0));
        assertThat(even.get("q-reporter")).isEqualTo(even.get("A")).isEqualTo(even.get("B"));
        assertThat(even.get("q-vm")).isEqualTo(even.get("A"));
        // Smoothed: A 2.5, B 7.5: B on top, the lookouts level with it, not drifting above it.
        assertThat(plan(raw("A", 0, "B", 10, "q-reporter", 0, "q-vm", 0))).containsExactly(
                Map.entry("A", 1L), Map.entry("B", 99L), Map.entry("q-reporter", 99L), Map.entry("q-vm", 99L));
    }

    @Test
    void aQueryWhoseOnlyThreadsAreLookoutsIsNormalisedAsItIs() throws Exception {
        create("{watchdog: {enabled: false}}");
        assertThat(plan(raw("q-reporter", 1, "q-vm", 2))).containsExactly(
                Map.entry("q-reporter", 1L), Map.entry("q-vm", 99L));
    }
}
