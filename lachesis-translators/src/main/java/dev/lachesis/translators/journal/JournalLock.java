package dev.lachesis.translators.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * Makes one process at a time the writer of a restore journal: an exclusive lock on the file
 * {@code <journal>.lock} next to it, which holds the holder's pid. The lock is not on the journal
 * itself because the journal is replaced on compaction and deleted after a complete restore. The
 * kernel drops the lock when its process dies, SIGKILL included, so a crashed daemon never keeps
 * {@code lachesis restore} out; the lock file stays behind (deleting it would let a second process
 * lock a file a third has just replaced). One instance per journal and process: a second lock of
 * the same file from the same JVM would release the first when closed ({@link FileChannel#lock}).
 * Not thread-safe; {@link RestoreJournal} guards it.
 */
final class JournalLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private JournalLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code journal} (an absolute, normalised path whose directory exists and is trusted) for
     * this process and writes its pid into the lock file.
     *
     * @throws JournalInUseException when another process holds it
     */
    static JournalLock acquire(Path journal) throws IOException {
        Path file = lockFile(journal);
        FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE, JournalTrust.NOFOLLOW), JournalTrust.FILE_MODE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new JournalInUseException("the journal " + journal + " is in use by another Lachesis process"
                        + holder(channel) + ", which restores its threads when it stops");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(false);
            return new JournalLock(channel, lock);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Checks that no other process holds {@code journal}'s lock, without keeping it (for
     * {@code lachesis restore}). Must not be called for a journal this JVM holds.
     *
     * @throws JournalInUseException when another process holds it
     */
    static void checkFree(Path journal) throws IOException {
        if (!java.nio.file.Files.exists(lockFile(journal), JournalTrust.NOFOLLOW)) {
            return;
        }
        acquire(journal).close();
    }

    static Path lockFile(Path journal) {
        return journal.resolveSibling(journal.getFileName() + ".lock");
    }

    /** {@code " (pid 1234)"} from the lock file, or nothing when it holds no pid. */
    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(32);
        channel.read(buf, 0);
        String text = new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII).strip();
        return text.matches("[0-9]{1,10}") ? " (pid " + text + ")" : "";
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
