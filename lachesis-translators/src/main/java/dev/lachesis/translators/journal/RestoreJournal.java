package dev.lachesis.translators.journal;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.translators.kernel.SchedPolicy;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The file where every thread's original settings are written before its first change, with the
 * cgroups Lachesis created and the real-time budgets it changed, so that {@code lachesis restore}
 * can undo everything after a crash or {@code kill -9}. Each record is appended and forced to disk
 * before the change it protects. All translators of one daemon share one instance per path
 * ({@link #open}, reference-counted); the file is deleted when the last user releases it after a
 * complete restore. An existing file is loaded first: the originals it holds (from a run that
 * crashed) stay the originals. One process at a time uses a journal ({@link JournalLock}): another
 * Lachesis process that opens it while this one holds it is refused, and {@code lachesis restore}
 * reads it only once its holder is gone. Thread-safe.
 *
 * <p>The journal is trusted only as {@link JournalTrust} says (owned by root or this user, writable
 * by its owner only, not a link), which is checked when it is opened or read; it is created
 * {@code 0600} in a {@code 0700} directory and never opened through a symbolic link.
 *
 * <p>Format: one tab-separated record per line, with {@code \t}, {@code \n} and {@code \\} escaped:
 * {@code thread pid pidStart uid tid tidStart policy rtPriority nice cgroup name},
 * {@code group path} (created), {@code budget path originalRuntimeUs}, {@code hierarchy version mount}.
 */
public final class RestoreJournal implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestoreJournal.class);
    private static final String HEADER = "# lachesis restore journal: lachesis restore --journal <this file>";
    private static final Map<Path, RestoreJournal> OPEN = new HashMap<>();
    /** Thread records kept before a compaction is considered; it then waits for the file to double. */
    static final int MIN_COMPACT_SIZE = 4_096;

    private final Path file;
    private final JournalTrust trust;
    private final Map<ThreadIdentity, OriginalSettings> threads = new LinkedHashMap<>();
    private final List<Path> createdGroups = new ArrayList<>();
    private final Map<Path, Long> budgets = new LinkedHashMap<>();
    private String hierarchy;
    private int users;
    /** Held from the first {@link #open} in this JVM to the last {@link #close}; null for {@link #read}. */
    private JournalLock lock;
    private boolean incomplete;
    private boolean keepFile;
    private int compactAbove = MIN_COMPACT_SIZE;

    private RestoreJournal(Path file, JournalTrust trust) {
        this.file = file;
        this.trust = trust;
    }

    /**
     * The journal at {@code file}, shared with every other user in this JVM; call {@link #close()}
     * once done with it.
     *
     * @throws UntrustedJournalException when the file or a directory above it is not safe ({@link JournalTrust})
     * @throws JournalInUseException when another process holds it ({@link JournalLock})
     * @throws IOException when an existing file cannot be read
     */
    public static RestoreJournal open(Path file) throws IOException {
        return open(file, JournalTrust.ofThisProcess(ProcFs.system()));
    }

    /** {@link #open(Path)} with the given rules of trust. // VisibleForTesting */
    static RestoreJournal open(Path file, JournalTrust trust) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        synchronized (OPEN) {
            RestoreJournal journal = OPEN.get(key);
            if (journal == null) {
                trust.prepare(key);
                journal = new RestoreJournal(key, trust);
                journal.lock = JournalLock.acquire(key);
                try {
                    journal.load();
                } catch (IOException | RuntimeException e) {
                    journal.releaseLock();
                    throw e;
                }
                if (!journal.threads.isEmpty()) {
                    LOG.info("{} holds the original settings of {} threads from an earlier run; they stay the originals",
                            key, journal.threads.size());
                }
                OPEN.put(key, journal);
            }
            synchronized (journal) {
                journal.users++;
            }
            return journal;
        }
    }

    /**
     * Reads a journal file without registering as a user (for {@code lachesis restore}).
     *
     * @throws UntrustedJournalException when the file or a directory above it is not safe ({@link JournalTrust})
     * @throws JournalInUseException when another process holds it: that daemon restores it when it stops
     */
    public static RestoreJournal read(Path file) throws IOException {
        return read(file, JournalTrust.ofThisProcess(ProcFs.system()));
    }

    /** {@link #read(Path)} with the given rules of trust. // VisibleForTesting */
    static RestoreJournal read(Path file, JournalTrust trust) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        trust.check(key);
        synchronized (OPEN) {
            if (!OPEN.containsKey(key)) {
                JournalLock.checkFree(key);
            }
        }
        RestoreJournal journal = new RestoreJournal(key, trust);
        journal.load();
        return journal;
    }

    public Path file() {
        return file;
    }

    private synchronized void load() throws IOException {
        List<String> lines;
        try (SeekableByteChannel ch = Files.newByteChannel(file, StandardOpenOption.READ, JournalTrust.NOFOLLOW)) {
            lines = new String(Channels.newInputStream(ch).readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (NoSuchFileException e) {
            return;
        }
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            try {
                switch (f[0]) {
                    case "thread" -> {
                        if (f.length != 11) {
                            throw new IllegalArgumentException("a thread record has 11 fields, this one " + f.length);
                        }
                        ThreadIdentity id = new ThreadIdentity(Integer.parseInt(f[1]), Long.parseLong(f[2]),
                                Integer.parseInt(f[3]), Integer.parseInt(f[4]), Long.parseLong(f[5]));
                        threads.putIfAbsent(id, new OriginalSettings(id, unescape(f[10]), SchedPolicy.of(Integer.parseInt(f[6])),
                                Integer.parseInt(f[7]), Integer.parseInt(f[8]), f[9].isEmpty() ? null : unescape(f[9])));
                    }
                    case "group" -> createdGroups.add(Path.of(unescape(f[1])));
                    case "budget" -> budgets.putIfAbsent(Path.of(unescape(f[1])), Long.parseLong(f[2]));
                    case "hierarchy" -> hierarchy = f[1] + "\t" + unescape(f[2]);
                    default -> LOG.warn("{}: skipping an unknown record: {}", file, line);
                }
            } catch (RuntimeException e) {
                LOG.warn("{}: skipping an unreadable record '{}': {}", file, line, e.toString());
            }
        }
    }

    /** Whether the thread's originals are already recorded. */
    public synchronized boolean contains(ThreadIdentity id) {
        return threads.containsKey(id);
    }

    public synchronized Optional<OriginalSettings> original(ThreadIdentity id) {
        return Optional.ofNullable(threads.get(id));
    }

    /** Every recorded thread, in recording order. */
    public synchronized List<OriginalSettings> threads() {
        return List.copyOf(threads.values());
    }

    /** Groups Lachesis created, in creation order (parents first). */
    public synchronized List<Path> createdGroups() {
        return List.copyOf(createdGroups);
    }

    /** Groups whose real-time budget Lachesis changed → their original {@code cpu.rt_runtime_us}, parents first. */
    public synchronized Map<Path, Long> budgets() {
        return Map.copyOf(budgets);
    }

    /** The same, as an ordered list (parents first). */
    public synchronized List<Map.Entry<Path, Long>> budgetsInOrder() {
        return List.copyOf(budgets.entrySet());
    }

    /** The cgroup hierarchy the group paths refer to, as {@code version\tmount}, when recorded. */
    public synchronized Optional<String> hierarchy() {
        return Optional.ofNullable(hierarchy);
    }

    /**
     * Records the originals of threads not yet recorded and forces them to disk.
     *
     * @throws IOException when the journal cannot be written: the change must then not be made
     */
    public synchronized void recordThreads(Collection<OriginalSettings> originals) throws IOException {
        StringBuilder sb = new StringBuilder();
        List<OriginalSettings> added = new ArrayList<>();
        for (OriginalSettings o : originals) {
            if (!threads.containsKey(o.identity())) {
                appendThread(sb, o);
                added.add(o);
            }
        }
        if (added.isEmpty()) {
            return;
        }
        append(sb.toString());
        added.forEach(o -> threads.put(o.identity(), o));
    }

    private static void appendThread(StringBuilder sb, OriginalSettings o) {
        ThreadIdentity id = o.identity();
        sb.append("thread\t").append(id.pid()).append('\t').append(id.pidStartTicks()).append('\t')
                .append(id.uid()).append('\t').append(id.tid()).append('\t').append(id.tidStartTicks()).append('\t')
                .append(o.policy().code()).append('\t').append(o.rtPriority()).append('\t').append(o.nice())
                .append('\t').append(o.cgroup() == null ? "" : escape(o.cgroup())).append('\t')
                .append(escape(o.name())).append('\n');
    }

    /**
     * Keeps a long-running daemon's journal from growing with every thread that ever lived: once it
     * holds more than {@link #MIN_COMPACT_SIZE} thread records (and twice as many as after the last
     * compaction), the records of threads {@code alive} rejects are dropped and the file is rewritten
     * atomically (a temporary file forced to disk, then renamed over it).
     *
     * @return whether it compacted
     */
    public synchronized boolean compactIfLarge(java.util.function.Predicate<ThreadIdentity> alive) throws IOException {
        if (threads.size() <= compactAbove) {
            return false;
        }
        int before = threads.size();
        threads.keySet().removeIf(alive.negate());
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        if (hierarchy != null) {
            String[] h = hierarchy.split("\t", 2);
            sb.append("hierarchy\t").append(h[0]).append('\t').append(escape(h[1])).append('\n');
        }
        threads.values().forEach(o -> appendThread(sb, o));
        createdGroups.forEach(g -> sb.append("group\t").append(escape(g.toString())).append('\n'));
        budgets.forEach((g, r) -> sb.append("budget\t").append(escape(g.toString())).append('\t').append(r).append('\n'));
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temp); // a leftover of a crash mid-compaction; never a link to follow
        try (FileChannel ch = FileChannel.open(temp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                JournalTrust.NOFOLLOW), JournalTrust.FILE_MODE)) {
            ByteBuffer buf = StandardCharsets.UTF_8.encode(sb.toString());
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(false);
        }
        Files.move(temp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        compactAbove = Math.max(MIN_COMPACT_SIZE, 2 * threads.size());
        LOG.debug("Compacted {}: {} of {} thread records kept", file, threads.size(), before);
        return true;
    }

    /** Records the cgroup hierarchy the group paths refer to (once). */
    public synchronized void recordHierarchy(String version, Path mount) throws IOException {
        String value = version + "\t" + mount;
        if (!value.equals(hierarchy)) {
            append("hierarchy\t" + version + "\t" + escape(mount.toString()) + "\n");
            hierarchy = value;
        }
    }

    /** Records, before creating it, a group Lachesis is about to create. */
    public synchronized void recordGroupCreated(Path group) throws IOException {
        if (!createdGroups.contains(group)) {
            append("group\t" + escape(group.toString()) + "\n");
            createdGroups.add(group);
        }
    }

    /** Records, before changing it, a group's original real-time budget (the first one recorded wins). */
    public synchronized void recordBudget(Path group, long originalRuntimeUs) throws IOException {
        if (!budgets.containsKey(group)) {
            append("budget\t" + escape(group.toString()) + "\t" + originalRuntimeUs + "\n");
            budgets.put(group, originalRuntimeUs);
        }
    }

    /** Notes that a restore left something behind, so the file is kept for {@code lachesis restore}. */
    public synchronized void markIncomplete() {
        incomplete = true;
    }

    private void append(String text) throws IOException {
        boolean fresh = !Files.exists(file, JournalTrust.NOFOLLOW);
        if (fresh) {
            trust.prepare(file);
        }
        try (FileChannel ch = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND, JournalTrust.NOFOLLOW), JournalTrust.FILE_MODE)) {
            ByteBuffer buf = StandardCharsets.UTF_8.encode((fresh ? HEADER + "\n" : "") + text);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(false);
        }
    }

    /**
     * Releases this user's hold. The last user deletes the file, unless a restore was incomplete.
     */
    @Override
    public void close() {
        synchronized (OPEN) {
            synchronized (this) {
                if (users == 0) {
                    return;
                }
                users--;
                if (users > 0) {
                    return;
                }
                OPEN.remove(file);
                if (incomplete) {
                    LOG.warn("Some threads or groups could not be restored; kept {} for 'lachesis restore'", file);
                } else if (keepFile) {
                    LOG.debug("Kept {} for 'lachesis restore'", file);
                } else {
                    deleteFile();
                }
                releaseLock();
            }
        }
    }

    private void releaseLock() {
        if (lock != null) {
            try {
                lock.close();
            } catch (IOException e) {
                LOG.warn("Could not release the lock of the restore journal {}: {}", file, e.toString());
            }
            lock = null;
        }
    }

    /**
     * Releases this user's hold but keeps the file whatever happens, for changes deliberately left in
     * place ({@code lachesis set}) until {@code lachesis restore}. The next {@link #open} reads the file again.
     */
    public void closeKeepingFile() {
        synchronized (OPEN) {
            synchronized (this) {
                keepFile = true;
            }
            close();
        }
    }

    /** Deletes the file and forgets every record (after a complete restore). */
    public synchronized void deleteFile() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("Could not delete the restore journal {}: {}", file, e.toString());
        }
        threads.clear();
        createdGroups.clear();
        budgets.clear();
        hierarchy = null;
    }

    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
    }

    static String unescape(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                sb.append(n == 't' ? '\t' : n == 'n' ? '\n' : n);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
