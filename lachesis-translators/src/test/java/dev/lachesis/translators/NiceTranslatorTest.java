package dev.lachesis.translators;

import static dev.lachesis.translators.Schedules.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.PriorityScale;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.kernel.Errno;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NiceTranslatorTest {
    @TempDir
    Path tmp;
    private FakeProc proc;
    private final RecordingKernel kernel = new RecordingKernel();
    private RestoreJournal journal;
    private NiceTranslator translator;

    @BeforeEach
    void setUp() throws Exception {
        proc = new FakeProc(tmp.resolve("proc"));
        proc.thread(100, 1000, 101, "a", 0, 0, 0, "/").thread(100, 1000, 102, "b", 5, 0, 0, "/");
        journal = RestoreJournal.open(tmp.resolve("journal"));
        translator = new NiceTranslator("qs", NiceSettings.bind(ConfigNode.empty("policies[0].translator-settings")),
                kernel, proc.procFs, null, journal);
    }

    @AfterEach
    void tearDown() {
        translator.close();
    }

    private TranslationPlan apply(double... tidPriority) throws TranslatorException {
        return translator.apply(translator.plan(single(100, tidPriority)));
    }

    @Test
    void highestPriorityGetsMinusTwentyLowestNineteen() throws Exception {
        TranslationPlan applied = apply(101, 10, 102, 1);
        assertThat(kernel.calls).containsExactly("setNice 101 -20", "setNice 102 19");
        assertThat(applied.threads()).extracting(t -> t.value()).containsExactly(-20L, 19L);
        assertThat(applied.mechanism()).isEqualTo("nice");
    }

    @Test
    void levelsFromNeutralCountFromNiceZeroEachOnItsOwn() throws Exception {
        proc.thread(100, 1000, 103, "c", 0, 0, 0, "/");

        TranslationPlan applied = translator.apply(translator.plan(Schedules.fromNeutral(100, 101, 1, 102, 0.5, 103, 0)));

        assertThat(applied.threads()).extracting(t -> t.value()).containsExactly(-20L, -10L, 0L);
        TranslationPlan alone = translator.plan(Schedules.fromNeutral(100, 101, 0, 102, 0, 103, 0));
        assertThat(alone.threads()).extracting(t -> t.value()).containsExactly(0L, 0L, 0L);
    }

    @Test
    void aQuerysLookoutsGetTheNiceOfItsMostFavouredThreadAsHeaviestFirstHandsThemOver() throws Exception {
        // HEAVIEST-FIRST: the heavy operator all the way (-20), the source half (-10), the rest and the
        // reporter and the VM thread at the kernel's default. At nice 0 the reporter starved for 5-7 s.
        List<ThreadPriority> threads = new ArrayList<>(Schedules.fromNeutral(100, 101, 1, 102, 0.5, 103, 0).threads());
        threads.add(lookout(104, ThreadKind.REPORTER, 0));
        threads.add(lookout(105, ThreadKind.RUNTIME, 0));
        SinglePrioritySchedule schedule = new SinglePrioritySchedule("heaviest-first", threads, OptionalDouble.empty(),
                PriorityScale.FROM_NEUTRAL);

        assertThat(translator.plan(schedule).threads()).extracting(t -> t.value()).containsExactly(-20L, -10L, 0L, -20L, -20L);
        // While the policy hands every thread back to the kernel, the lookouts go back with them.
        SinglePrioritySchedule released = new SinglePrioritySchedule("heaviest-first", threads.stream()
                .map(t -> new ThreadPriority(t.speName(), t.thread(), 0, Map.of())).toList(), OptionalDouble.empty(),
                PriorityScale.FROM_NEUTRAL);
        assertThat(translator.plan(released).threads()).extracting(t -> t.value()).containsExactly(0L, 0L, 0L, 0L, 0L);
    }

    private static ThreadPriority lookout(int tid, ThreadKind kind, double level) {
        JvmThread t = new JvmThread(new ThreadRef(100, tid), kind + "-" + tid);
        return new ThreadPriority("spe", OperatorThread.helper(t, kind, "q", null, "w"), level, Map.of());
    }

    @Test
    void appliesOnlyWhatChanged() throws Exception {
        apply(101, 10, 102, 1);
        kernel.calls.clear();
        apply(101, 20, 102, 2);
        assertThat(kernel.calls).isEmpty();
        apply(101, 1, 102, 10);
        assertThat(kernel.calls).containsExactly("setNice 101 19", "setNice 102 -20");
    }

    @Test
    void journalHoldsTheOriginalsBeforeTheFirstChange() throws Exception {
        List<String> journalAtChange = new ArrayList<>();
        kernel.beforeChange = tid -> {
            try {
                journalAtChange.add(Files.readString(tmp.resolve("journal")));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        apply(101, 10, 102, 1);
        assertThat(journalAtChange.get(0)).contains("thread\t100\t1000\t0\t101\t1101\t0\t0\t0\t\ta")
                .contains("thread\t100\t1000\t0\t102\t1102\t0\t0\t5\t\tb");
    }

    @Test
    void closeRestoresTheOriginalNiceValues() throws Exception {
        apply(101, 10, 102, 1);
        kernel.calls.clear();
        translator.close();
        assertThat(kernel.calls).containsExactlyInAnyOrder("setNice 101 0", "setNice 102 5");
        assertThat(tmp.resolve("journal")).doesNotExist();
    }

    @Test
    void theNiceTranslatorOfAReloadedFileTakesOverTheThreadsAndRestoresTheirFirstOriginals() throws Exception {
        apply(101, 10, 102, 1);
        kernel.calls.clear();
        NiceTranslator reloaded = new NiceTranslator("qs", NiceSettings.bind(ConfigNode.empty("policies[0].translator-settings")),
                kernel, proc.procFs, null, RestoreJournal.open(tmp.resolve("journal")));

        assertThat(reloaded.takeOver(translator)).isTrue();
        reloaded.apply(reloaded.plan(single(100, 101, 10, 102, 1)));
        assertThat(kernel.calls).as("nothing restored in between, nothing it keeps set again").isEmpty();
        reloaded.apply(reloaded.plan(single(100, 101, 1, 102, 10)));
        assertThat(kernel.calls).containsExactly("setNice 101 19", "setNice 102 -20");
        kernel.calls.clear();

        reloaded.close();
        assertThat(kernel.calls).containsExactlyInAnyOrder("setNice 101 0", "setNice 102 5");
        assertThat(tmp.resolve("journal")).doesNotExist();
    }

    @Test
    void aTranslatorWithAnotherJournalDoesNotTakeOver() throws Exception {
        apply(101, 10, 102, 1);
        NiceTranslator elsewhere = new NiceTranslator("qs", NiceSettings.bind(ConfigNode.empty("policies[0].translator-settings")),
                kernel, proc.procFs, null, RestoreJournal.open(tmp.resolve("other-journal")));
        try {
            assertThat(elsewhere.takeOver(translator)).isFalse();
            assertThat(translator.appliedThreads()).hasSize(2);
        } finally {
            elsewhere.close();
        }
    }

    @Test
    void vanishedThreadsAreDroppedSilently() throws Exception {
        kernel.failTid.put(102, Errno.ESRCH);
        TranslationPlan applied = apply(101, 10, 102, 1);
        assertThat(applied.threads()).extracting(t -> t.entry().thread().ref().tid()).containsExactly(101);
        assertThat(translator.appliedThreads()).containsOnlyKeys(new dev.lachesis.core.model.ThreadRef(100, 101));
    }

    @Test
    void aThreadWhoseProcessIsGoneIsNotTouched() throws Exception {
        proc.remove(100);
        assertThat(apply(101, 10, 102, 1).threads()).isEmpty();
        assertThat(kernel.calls).isEmpty();
    }

    @Test
    void aPermissionProblemFailsEveryRoundItLastsWithTheFixAndKeepsWhatWasSet() throws Exception {
        kernel.failTid.put(101, Errno.EPERM);
        assertThatThrownBy(() -> apply(101, 10, 102, 1)).isInstanceOf(TranslatorException.class)
                .hasMessageContaining("refused 1 of 2").hasMessageContaining("EPERM").hasMessageContaining("CAP_SYS_NICE");
        assertThat(kernel.calls).containsExactly("setNice 102 19");

        kernel.calls.clear();
        assertThatThrownBy(() -> apply(101, 10, 102, 1)).hasMessageContaining("refused 1 of 1");
        assertThat(kernel.calls).isEmpty();
        assertThat(translator.appliedThreads()).containsOnlyKeys(new dev.lachesis.core.model.ThreadRef(100, 102));

        kernel.failTid.remove(101);
        assertThat(apply(101, 10, 102, 1).threads()).hasSize(2);
    }

    @Test
    void aProcessNowOwnedByAnotherUserIsNotRestored() throws Exception {
        apply(101, 10, 102, 1);
        proc.owner(100, 65534);
        kernel.calls.clear();
        translator.close();
        assertThat(kernel.calls).isEmpty();
    }

    @Test
    void aReusedPidIsTreatedAsANewProcessAndTheOldOneIsNeverRestoredOntoIt() throws Exception {
        apply(101, 10, 102, 1);
        proc.restartProcess(100, 5000);
        proc.thread(100, 5000, 101, "new", 3, 0, 0, "/");
        kernel.calls.clear();
        apply(101, 10);
        assertThat(kernel.calls).containsExactly("setNice 101 -20");
        assertThat(Files.readString(tmp.resolve("journal"))).contains("thread\t100\t5000\t0\t101\t5101\t0\t0\t3\t\tnew");
        kernel.calls.clear();
        translator.close();
        // only the new thread's original comes back; 102 of the old process is gone
        assertThat(kernel.calls).containsExactly("setNice 101 3");
    }

    @Test
    void listenersSeeRawAndAppliedValues() throws Exception {
        List<TranslationPlan> seen = new ArrayList<>();
        translator.addListener(seen::add);
        apply(101, 10, 102, 1);
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0).threads()).extracting(t -> t.entry().priority(), t -> t.value())
                .containsExactly(org.assertj.core.groups.Tuple.tuple(10.0, -20L), org.assertj.core.groups.Tuple.tuple(1.0, 19L));
    }
}
