package dev.lachesis.translators.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.translators.kernel.SchedPolicy;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RestoreJournalTest {
    @TempDir
    Path tmp;

    private static OriginalSettings original(int tid, String cgroup, String name) {
        return new OriginalSettings(new ThreadIdentity(10, 77, 0, tid, 80 + tid), name, SchedPolicy.BATCH, 0, 4, cgroup);
    }

    @Test
    void recordsSurviveAReadByAnotherProcess() throws Exception {
        Path file = tmp.resolve("dir/journal");
        try (RestoreJournal j = RestoreJournal.open(file)) {
            j.recordHierarchy("V1", Path.of("/sys/fs/cgroup/cpu"));
            j.recordThreads(List.of(original(11, "/a b", "Map (1/2)#0\tx"), original(12, null, "n")));
            j.recordGroupCreated(Path.of("/sys/fs/cgroup/cpu/lachesis"));
            j.recordBudget(Path.of("/sys/fs/cgroup/cpu/spe"), 0);
            j.markIncomplete();
            RestoreJournal copy = RestoreJournal.read(file);
            assertThat(copy.threads()).containsExactly(original(11, "/a b", "Map (1/2)#0\tx"), original(12, null, "n"));
            assertThat(copy.createdGroups()).containsExactly(Path.of("/sys/fs/cgroup/cpu/lachesis"));
            assertThat(copy.budgets()).containsEntry(Path.of("/sys/fs/cgroup/cpu/spe"), 0L);
            assertThat(copy.hierarchy()).contains("V1\t/sys/fs/cgroup/cpu");
        }
        assertThat(file).as("kept after an incomplete restore").exists();
    }

    @Test
    void theFirstRecordedOriginalWinsAndUsersShareOneInstance() throws Exception {
        Path file = tmp.resolve("journal");
        RestoreJournal a = RestoreJournal.open(file);
        RestoreJournal b = RestoreJournal.open(file);
        assertThat(a).isSameAs(b);
        a.recordThreads(List.of(original(11, "/", "first")));
        b.recordThreads(List.of(new OriginalSettings(new ThreadIdentity(10, 77, 0, 11, 91), "later", SchedPolicy.RR, 5, -3, "/x")));
        assertThat(b.threads()).containsExactly(original(11, "/", "first"));
        a.close();
        assertThat(file).exists();
        b.close();
        assertThat(file).doesNotExist();
    }

    @Test
    void closeKeepingFileLeavesTheFileAndTheNextOpenReadsItAgain() throws Exception {
        Path file = tmp.resolve("journal");
        RestoreJournal set = RestoreJournal.open(file);
        set.recordThreads(List.of(original(11, "/", "pinned")));
        set.closeKeepingFile();
        assertThat(file).exists();
        RestoreJournal.read(file).deleteFile();
        try (RestoreJournal again = RestoreJournal.open(file)) {
            assertThat(again).isNotSameAs(set);
            assertThat(again.threads()).isEmpty();
        }
    }

    @Test
    void aLeftoverJournalKeepsItsOriginals() throws Exception {
        Path file = tmp.resolve("journal");
        RestoreJournal crashed = RestoreJournal.open(file);
        crashed.recordThreads(List.of(original(11, "/", "orig")));
        crashed.markIncomplete();
        crashed.close();
        try (RestoreJournal next = RestoreJournal.open(file)) {
            assertThat(next.contains(original(11, "/", "orig").identity())).isTrue();
            next.recordThreads(List.of(new OriginalSettings(original(11, "/", "x").identity(), "changed", SchedPolicy.RR, 9, -20, "/")));
            assertThat(next.original(original(11, "/", "x").identity())).contains(original(11, "/", "orig"));
        }
    }

    @Test
    void aLargeJournalDropsTheRecordsOfDeadThreadsAndStaysReadable() throws Exception {
        Path file = tmp.resolve("journal");
        try (RestoreJournal j = RestoreJournal.open(file)) {
            j.recordHierarchy("V1", Path.of("/cg"));
            j.recordGroupCreated(Path.of("/cg/lachesis"));
            List<OriginalSettings> many = new java.util.ArrayList<>();
            for (int tid = 1; tid <= RestoreJournal.MIN_COMPACT_SIZE; tid++) {
                many.add(original(tid, "/", "t" + tid));
            }
            j.recordThreads(many);
            assertThat(j.compactIfLarge(id -> id.tid() % 2 == 0)).as("not above the threshold yet").isFalse();
            j.recordThreads(List.of(original(RestoreJournal.MIN_COMPACT_SIZE + 1, "/", "last")));
            assertThat(j.compactIfLarge(id -> id.tid() % 2 == 0)).isTrue();
            RestoreJournal copy = RestoreJournal.read(file);
            assertThat(copy.threads()).hasSize(RestoreJournal.MIN_COMPACT_SIZE / 2).allMatch(o -> o.identity().tid() % 2 == 0);
            assertThat(copy.createdGroups()).containsExactly(Path.of("/cg/lachesis"));
            assertThat(copy.hierarchy()).contains("V1\t/cg");
            j.markIncomplete();
        }
    }
}
