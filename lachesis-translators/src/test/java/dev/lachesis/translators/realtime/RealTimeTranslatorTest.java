package dev.lachesis.translators.realtime;

import dev.lachesis.translators.CgroupSettings;
import dev.lachesis.translators.FakeProc;
import dev.lachesis.translators.RecordingKernel;
import dev.lachesis.core.spi.TranslatorCondition;
import static dev.lachesis.translators.Schedules.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.journal.RestoreJournal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RealTimeTranslatorTest {
    @TempDir
    Path tmp;
    private FakeProc proc;
    private Path cg;
    private final RecordingKernel kernel = new RecordingKernel();
    private final AtomicLong clock = new AtomicLong(1_000);
    private RealTimeTranslator translator;

    @BeforeEach
    void setUp() {
        proc = new FakeProc(tmp.resolve("proc"));
        cg = tmp.resolve("cpu");
        FakeProc.write(cg.resolve("cpu.rt_runtime_us"), "950000");
        FakeProc.write(cg.resolve("cpu.rt_period_us"), "1000000");
        FakeProc.write(cg.resolve("other/cpu.rt_runtime_us"), "300000");
        FakeProc.write(cg.resolve("spe/cpu.rt_runtime_us"), "0");
        FakeProc.write(cg.resolve("spe/cpu.rt_period_us"), "1000000");
        FakeProc.write(cg.resolve("spe/w1/cpu.rt_runtime_us"), "0");
        FakeProc.write(cg.resolve("spe/w1/cpu.rt_period_us"), "1000000");
        proc.thread(100, 1000, 101, "a", 0, 0, 0, "/spe/w1").thread(100, 1000, 102, "b", 0, 3, 0, "/spe/w1");
    }

    private RealTimeTranslator create(String yaml, Long runtime) throws Exception {
        translator = new RealTimeTranslator("qs", RealTimeSettings.bind(ConfigNode.ofYaml("s", yaml)), kernel,
                proc.procFs, new CgroupHierarchy(CgroupVersion.V1, cg), RestoreJournal.open(tmp.resolve("journal")),
                new CgroupSettings("/lachesis", runtime), clock::get);
        return translator;
    }

    @AfterEach
    void tearDown() {
        if (translator != null) {
            translator.close();
        }
    }

    @Test
    void setsRoundRobinPrioritiesAcrossTheRangeAndRestoresOriginalPolicies() throws Exception {
        create("{lowest: 10, highest: 20, watchdog: {enabled: false}}", null);
        translator.apply(translator.plan(single(100, 101, 5, 102, 1)));
        assertThat(kernel.callsStartingWith("setScheduler")).containsExactly("setScheduler 101 RR 20", "setScheduler 102 RR 10");
        assertThat(translator.isRealTime()).isTrue();
        kernel.calls.clear();
        translator.close();
        assertThat(kernel.callsStartingWith("setScheduler")).containsExactlyInAnyOrder("setScheduler 101 OTHER 0",
                "setScheduler 102 BATCH 0");
    }

    @Test
    void fifoWhenConfigured() throws Exception {
        create("{policy: fifo, watchdog: {enabled: false}}", null);
        translator.apply(translator.plan(single(100, 101, 5)));
        assertThat(kernel.callsStartingWith("setScheduler")).containsExactly("setScheduler 101 FIFO 99");
    }

    @Test
    void givesTheThreadsGroupsABudgetParentsFirstCappedByWhatTheParentHasLeftAndRestoresIt() throws Exception {
        create("{watchdog: {enabled: false}}", null);
        translator.apply(translator.plan(single(100, 101, 5)));
        // root 950000 - sibling 300000 leaves 650000 < 95% of the period
        assertThat(kernel.callsStartingWith("write")).containsExactly(
                "write " + cg.resolve("spe/cpu.rt_runtime_us") + " 650000",
                "write " + cg.resolve("spe/w1/cpu.rt_runtime_us") + " 650000");
        assertThat(kernel.calls.indexOf("setScheduler 101 RR 99")).isGreaterThan(1);
        assertThat(Files.readString(tmp.resolve("journal"))).contains("budget\t" + cg.resolve("spe") + "\t0");
        kernel.calls.clear();
        translator.close();
        assertThat(kernel.calls).containsExactly("setScheduler 101 OTHER 0",
                "write " + cg.resolve("spe/w1/cpu.rt_runtime_us") + " 0", "write " + cg.resolve("spe/cpu.rt_runtime_us") + " 0");
    }

    @Test
    void explainsWhatToDoWhenNoBudgetIsLeft() throws Exception {
        FakeProc.write(cg.resolve("other/cpu.rt_runtime_us"), "950000");
        create("{watchdog: {enabled: false}}", null);
        assertThatThrownBy(() -> translator.apply(translator.plan(single(100, 101, 5))))
                .isInstanceOf(TranslatorException.class)
                .hasMessageContaining("cgroup /spe has no real-time budget")
                .hasMessageContaining("--cpu-rt-runtime");
        assertThat(kernel.callsStartingWith("setScheduler")).isEmpty();
        // every round fails while the budget is missing (the loop logs it once), and changes nothing
        assertThatThrownBy(() -> translator.apply(translator.plan(single(100, 101, 5))))
                .hasMessageContaining("cgroup /spe has no real-time budget");
        assertThat(kernel.callsStartingWith("setScheduler")).isEmpty();
    }

    @Test
    void configuredBudgetIsUsed() throws Exception {
        create("{watchdog: {enabled: false}}", 100_000L);
        translator.apply(translator.plan(single(100, 101, 5)));
        assertThat(kernel.callsStartingWith("write")).containsExactly(
                "write " + cg.resolve("spe/cpu.rt_runtime_us") + " 100000",
                "write " + cg.resolve("spe/w1/cpu.rt_runtime_us") + " 100000");
    }

    @Test
    void demotionSetsEveryRtThreadToOtherAndBacksOffBeforePromotingAgain() throws Exception {
        create("{watchdog: {enabled: false, backoff: 10s}}", null);
        translator.apply(translator.plan(single(100, 101, 5, 102, 1)));
        assertThat(translator.promotedThreads()).containsOnlyKeys(new ThreadRef(100, 101), new ThreadRef(100, 102));
        kernel.calls.clear();
        translator.demoteAll("thread 'x' (100/103) was runnable but got no CPU for 600 ms");
        assertThat(kernel.calls).containsExactlyInAnyOrder("setScheduler 101 OTHER 0", "setScheduler 102 OTHER 0");
        assertThat(translator.promotedThreads()).isEmpty();
        assertThat(translator.realTimeDemotions()).isEqualTo(1);
        assertThat(translator.conditions()).singleElement().extracting(TranslatorCondition::message).asString()
                .contains("real time demoted until").endsWith("by the watchdog: thread 'x' (100/103) was runnable but"
                        + " got no CPU for 600 ms");
        kernel.calls.clear();
        clock.addAndGet(9_000_000_000L);
        assertThat(translator.apply(translator.plan(single(100, 101, 5, 102, 1))).threads()).isEmpty();
        assertThat(kernel.calls).isEmpty();
        clock.addAndGet(2_000_000_000L);
        translator.apply(translator.plan(single(100, 101, 5, 102, 1)));
        assertThat(kernel.callsStartingWith("setScheduler")).containsExactly("setScheduler 101 RR 99", "setScheduler 102 RR 1");
        assertThat(translator.conditions()).as("after the back-off").isEmpty();
        // a second trip backs off twice as long
        translator.demoteAll("again");
        clock.addAndGet(15_000_000_000L);
        assertThat(translator.isBackingOff()).isTrue();
        clock.addAndGet(6_000_000_000L);
        assertThat(translator.isBackingOff()).isFalse();
    }

    @Test
    void aThreadLentTheTopPriorityGoesBackToItsScheduledPriorityAndADemotedOneStaysDemoted() throws Exception {
        create("{lowest: 10, highest: 20, watchdog: {enabled: false}}", null);
        translator.apply(translator.plan(single(100, 101, 5, 102, 1)));
        kernel.calls.clear();

        translator.lendTop(List.of(new ThreadRef(100, 101), new ThreadRef(100, 102)));
        translator.endLoans();
        assertThat(kernel.callsStartingWith("setScheduler")).as("101 is at the top already")
                .containsExactly("setScheduler 102 RR 20", "setScheduler 102 RR 10");

        kernel.calls.clear();
        translator.lendTop(List.of(new ThreadRef(100, 102)));
        translator.demoteAll("a livelock");
        translator.endLoans();
        assertThat(kernel.callsStartingWith("setScheduler")).containsExactlyInAnyOrder("setScheduler 102 RR 20",
                "setScheduler 101 OTHER 0", "setScheduler 102 OTHER 0");
    }
}
