package dev.lachesis.translators.journal;

import dev.lachesis.core.proc.ProcFs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * Decides whether a restore journal may be believed. {@code lachesis restore} runs as root and
 * applies whatever a journal says, so a journal someone else could write would let that someone
 * choose what root does (give their own process SCHED_FIFO 99), and a journal path that is a
 * symbolic link would let them choose which file root appends to or truncates. A journal is trusted
 * only when the file and every directory above it (after resolving links in the directories) are
 * owned by root or by this process's user, the file and its directory are writable by their owner
 * only, and the file itself is a regular file, not a link; a directory further up may be
 * world-writable when it is sticky ({@code /tmp}), since then nobody else can rename what sits in
 * it. Directories the journal needs are created {@code 0700} and the file {@code 0600}; the file is
 * always opened without following links ({@link #NOFOLLOW}). The rules are OpenSSH's for
 * {@code authorized_keys}. Immutable.
 */
public final class JournalTrust {
    /** Open option that refuses a symbolic link as the last path element (O_NOFOLLOW). */
    public static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;
    /** Permissions of a journal file Lachesis creates. */
    public static final FileAttribute<Set<PosixFilePermission>> FILE_MODE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final FileAttribute<Set<PosixFilePermission>> DIRECTORY_MODE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    private static final int WRITABLE_BY_OTHERS = 0022;
    private static final int STICKY = 01000;
    private static final int FILE_TYPE = 0170000;
    private static final int REGULAR_FILE = 0100000;
    private static final int SYMBOLIC_LINK = 0120000;

    private final int uid;

    /** @param uid the user besides root whose files are trusted: the one running this process */
    public JournalTrust(int uid) {
        this.uid = uid;
    }

    /** Trusts root and the user this process acts as (its effective user id). */
    public static JournalTrust ofThisProcess(ProcFs proc) {
        int self = (int) ProcessHandle.current().pid();
        return new JournalTrust(proc.uids(self).map(ids -> ids[1]).orElseThrow(() -> new IllegalStateException(
                proc.root() + "/" + self + "/status has no Uid line: cannot tell which user runs Lachesis")));
    }

    /**
     * Checks the journal {@code file} and the directories above it that exist; a missing file or
     * directory is fine (there is nothing to believe yet).
     *
     * @throws UntrustedJournalException naming the path that is not safe and why
     * @throws IOException when a path cannot be examined
     */
    public void check(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null) {
            checkDirectories(absolute, existing.toRealPath(), existing.equals(dir));
        }
        if (existing != null && existing.equals(dir)) {
            checkFile(absolute);
        }
    }

    /**
     * Creates the directories {@code file} needs ({@code 0700}, owned by this process's user), then
     * checks the whole path as {@link #check} does.
     */
    public void prepare(Path file) throws IOException {
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            Files.createDirectories(dir, DIRECTORY_MODE);
        }
        check(file);
    }

    private void checkFile(Path file) throws IOException {
        Map<String, Object> attributes;
        try {
            attributes = Files.readAttributes(file, "unix:uid,mode", NOFOLLOW);
        } catch (NoSuchFileException e) {
            return;
        }
        int mode = (Integer) attributes.get("mode");
        if ((mode & FILE_TYPE) == SYMBOLIC_LINK) {
            throw new UntrustedJournalException("the journal " + file + " is a symbolic link (to "
                    + Files.readSymbolicLink(file) + "); a journal must be a regular file");
        }
        if ((mode & FILE_TYPE) != REGULAR_FILE) {
            throw new UntrustedJournalException("the journal " + file + " is not a regular file");
        }
        checkOwnerAndMode("the journal " + file, file, (Integer) attributes.get("uid"), mode, false);
    }

    /**
     * Checks {@code dir} (the real path of the journal's directory, or of its nearest existing
     * ancestor) and every directory above it.
     */
    private void checkDirectories(Path file, Path dir, boolean isJournalsDirectory) throws IOException {
        int depth = 0;
        for (Path p = dir; p != null; p = p.getParent(), depth++) {
            Map<String, Object> attributes = Files.readAttributes(p, "unix:uid,mode", NOFOLLOW);
            boolean journalsOwn = depth == 0 && isJournalsDirectory;
            String what = journalsOwn ? "the directory " + p + " of the journal " + file.getFileName()
                    : "the directory " + p + " above the journal " + file;
            checkOwnerAndMode(what, p, (Integer) attributes.get("uid"), (Integer) attributes.get("mode"), !journalsOwn);
        }
    }

    private void checkOwnerAndMode(String what, Path path, int owner, int mode, boolean mayBeSticky) throws IOException {
        if (owner != 0 && owner != uid) {
            throw new UntrustedJournalException(what + " is owned by " + ownerName(path, owner) + ", not by root"
                    + (uid == 0 ? "" : " or uid " + uid + " (" + System.getProperty("user.name") + "), who runs Lachesis"));
        }
        if ((mode & WRITABLE_BY_OTHERS) != 0 && !(mayBeSticky && (mode & STICKY) != 0)) {
            String by = (mode & WRITABLE_BY_OTHERS) == WRITABLE_BY_OTHERS ? "its group and others"
                    : (mode & 0020) != 0 ? "its group" : "others";
            throw new UntrustedJournalException(what + " is writable by " + by + " (mode "
                    + String.format("%04o", mode & 07777) + "); only its owner may write it");
        }
    }

    /** {@code nobody (uid 65534)}, or {@code uid 65534} when the user has no name. */
    private static String ownerName(Path path, int id) {
        try {
            String name = Files.getOwner(path, NOFOLLOW).getName();
            return name.equals(Integer.toString(id)) ? "uid " + id : name + " (uid " + id + ")";
        } catch (IOException e) {
            return "uid " + id;
        }
    }
}
