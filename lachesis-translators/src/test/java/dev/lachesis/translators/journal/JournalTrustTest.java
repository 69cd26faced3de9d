package dev.lachesis.translators.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.translators.kernel.SchedPolicy;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which journals root believes, on real files: the test runs as root (as the suite does) and hands
 * files and directories to {@code nobody} (uid 65534) with chown.
 */
@EnabledIf("runsAsRoot")
class JournalTrustTest {
    private static final int NOBODY = 65534;
    private static final JournalTrust ROOT = new JournalTrust(0);

    @TempDir
    Path tmp;

    static boolean runsAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static OriginalSettings original(int tid) {
        return new OriginalSettings(new ThreadIdentity(10, 77, 0, tid, 80 + tid), "t" + tid, SchedPolicy.OTHER, 0, 0, null);
    }

    /** A journal written by root, in a 0700 directory. */
    private Path journal(String dir) throws Exception {
        Path file = tmp.resolve(dir).resolve("journal");
        RestoreJournal j = RestoreJournal.open(file, ROOT);
        j.recordThreads(List.of(original(11)));
        j.closeKeepingFile();
        return file;
    }

    private static void chown(Path p, String user) throws Exception {
        UserPrincipal owner = p.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(user);
        Files.setOwner(p, owner);
    }

    private static String mode(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aJournalIsCreated0600InA0700DirectoryOfItsOwn() throws Exception {
        Path file = journal("a/b");
        assertThat(mode(file)).isEqualTo("rw-------");
        assertThat(mode(file.getParent())).isEqualTo("rwx------");
        assertThat(mode(file.getParent().getParent())).as("every directory it created").isEqualTo("rwx------");
        assertThat(RestoreJournal.read(file, ROOT).threads()).containsExactly(original(11));
    }

    @Test
    void aJournalOwnedByAnotherUserIsRefused() throws Exception {
        Path file = journal("d");
        chown(file, "nobody");
        assertThatThrownBy(() -> RestoreJournal.read(file, ROOT)).isInstanceOf(UntrustedJournalException.class)
                .hasMessage("the journal " + file + " is owned by nobody (uid 65534), not by root");
        assertThatThrownBy(() -> RestoreJournal.open(file, ROOT)).isInstanceOf(UntrustedJournalException.class);
    }

    @Test
    void aJournalInADirectoryOfAnotherUserIsRefused() throws Exception {
        Path file = journal("d");
        chown(file.getParent(), "nobody");
        assertThatThrownBy(() -> RestoreJournal.read(file, ROOT)).isInstanceOf(UntrustedJournalException.class)
                .hasMessage("the directory " + file.getParent() + " of the journal journal is owned by nobody (uid 65534), not by root");
    }

    @Test
    void aDirectoryOfAnotherUserFurtherUpIsRefusedToo() throws Exception {
        Path file = journal("up/d");
        chown(tmp.resolve("up"), "nobody");
        assertThatThrownBy(() -> RestoreJournal.read(file, ROOT)).isInstanceOf(UntrustedJournalException.class)
                .hasMessage("the directory " + tmp.resolve("up") + " above the journal " + file
                        + " is owned by nobody (uid 65534), not by root");
    }

    @Test
    void aJournalOrDirectoryOthersMayWriteIsRefused() throws Exception {
        Path file = journal("d");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThatThrownBy(() -> RestoreJournal.read(file, ROOT)).isInstanceOf(UntrustedJournalException.class)
                .hasMessage("the journal " + file + " is writable by its group and others (mode 0666); only its owner may write it");

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("rwxrwx---"));
        assertThatThrownBy(() -> RestoreJournal.read(file, ROOT)).isInstanceOf(UntrustedJournalException.class)
                .hasMessage("the directory " + file.getParent() + " of the journal journal is writable by its group (mode 0770);"
                        + " only its owner may write it");

        Files.setAttribute(file.getParent(), "unix:mode", 01777);
        assertThatThrownBy(() -> RestoreJournal.read(file, ROOT)).as("sticky like /tmp: others may still create the journal")
                .isInstanceOf(UntrustedJournalException.class).hasMessageContaining("(mode 1777)");
    }

    @Test
    void aStickyWorldWritableDirectoryFurtherUpIsFineLikeTmp() throws Exception {
        Path file = journal("sticky/d");
        Files.setAttribute(tmp.resolve("sticky"), "unix:mode", 01777);
        assertThat(RestoreJournal.read(file, ROOT).threads()).containsExactly(original(11));
    }

    @Test
    void aSymbolicLinkIsNeverFollowedNeitherToReadNorToWrite() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("d"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path victim = Files.writeString(tmp.resolve("victim"), "precious\n");
        Path link = Files.createSymbolicLink(dir.resolve("journal"), victim);

        assertThatThrownBy(() -> RestoreJournal.read(link, ROOT)).isInstanceOf(UntrustedJournalException.class)
                .hasMessage("the journal " + link + " is a symbolic link (to " + victim + "); a journal must be a regular file");
        assertThatThrownBy(() -> RestoreJournal.open(link, ROOT)).isInstanceOf(UntrustedJournalException.class);
        assertThat(victim).hasContent("precious");
    }

    @Test
    void theUserRunningLachesisIsTrustedBesidesRoot() throws Exception {
        Path file = journal("d");
        chown(file, "nobody");
        chown(file.getParent(), "nobody");
        assertThat(RestoreJournal.read(file, new JournalTrust(NOBODY)).threads()).containsExactly(original(11));
    }
}
