package dev.lachesis.core.proc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Reads the parts of {@code /proc} the daemon needs: processes, their threads, each thread's
 * {@code stat} and {@code comm}, numeric kernel settings. The root is passed in so tests can point at
 * a temporary tree. Reading is soft: a process or thread that vanished between listing and reading is
 * "absent" ({@link Optional#empty()} or left out), never an exception. Thread-safe.
 */
public final class ProcFs {
    /** Clock ticks per second in {@code stat} times ({@code sysconf(_SC_CLK_TCK)}). */
    private static final double TICKS = TaskStat.TICKS_PER_SECOND;
    private static final ProcFs SYSTEM = new ProcFs(Path.of("/proc"));

    private final Path root;

    public ProcFs(Path root) {
        this.root = root;
    }

    /** The machine's {@code /proc}. */
    public static ProcFs system() {
        return SYSTEM;
    }

    public Path root() {
        return root;
    }

    /** Every process id, in ascending order. */
    public List<Integer> pids() {
        return numericEntries(root);
    }

    /** The thread ids of {@code pid} (its {@code task} directory), ascending; empty when the process is gone. */
    public List<Integer> tids(int pid) {
        return numericEntries(root.resolve(Integer.toString(pid)).resolve("task"));
    }

    public boolean isAlive(int pid) {
        return Files.isDirectory(root.resolve(Integer.toString(pid)));
    }

    /** The command line of {@code pid}, split at NUL bytes; empty when gone or a kernel thread. */
    public List<String> cmdline(int pid) {
        return read(root.resolve(Integer.toString(pid)).resolve("cmdline"))
                .map(s -> {
                    List<String> args = new ArrayList<>();
                    for (String a : s.split("\0")) {
                        if (!a.isEmpty()) {
                            args.add(a);
                        }
                    }
                    return List.copyOf(args);
                })
                .orElse(List.of());
    }

    /**
     * One field of {@code /proc/<pid>/status} (e.g. {@code SigCgt}, {@code NSpid}), its value
     * stripped; empty when the process is gone or has no such field.
     */
    public Optional<String> statusField(int pid, String field) {
        return field(root.resolve(Integer.toString(pid)).resolve("status"), field);
    }

    /** One {@code Name: value} line of a {@code status} file, its value stripped. */
    private static Optional<String> field(Path status, String field) {
        String prefix = field + ":";
        return read(status).flatMap(s -> s.lines().filter(l -> l.startsWith(prefix)).findFirst())
                .map(l -> l.substring(prefix.length()).strip());
    }

    /**
     * The CPUs the processes may run on: the union of their {@code Cpus_allowed_list}; a process that
     * is gone, or whose list cannot be read, adds none.
     */
    public SortedSet<Integer> allowedCpus(Collection<Integer> pids) {
        SortedSet<Integer> cpus = new TreeSet<>();
        for (int pid : pids) {
            statusField(pid, "Cpus_allowed_list").ifPresent(list -> {
                try {
                    cpus.addAll(CpuListFormat.parse(list));
                } catch (IllegalArgumentException e) {
                    // not the kernel's format: this process adds none
                }
            });
        }
        return cpus;
    }

    /**
     * The user that owns {@code pid}: its real user id, the first of the {@code Uid:} line of
     * {@code /proc/<pid>/status} (the owner of the {@code /proc/<pid>} directory is not it: a process
     * that changed its user becomes non-dumpable and its directory then belongs to root). Empty when
     * the process is gone.
     */
    public Optional<Integer> owner(int pid) {
        return uids(pid).map(ids -> ids[0]);
    }

    /**
     * The real, effective, saved and file-system user ids of {@code pid}, from the {@code Uid:} line
     * of its {@code status}; empty when the process is gone.
     */
    public Optional<int[]> uids(int pid) {
        return statusField(pid, "Uid").flatMap(line -> {
            String[] f = line.split("\\s+");
            if (f.length != 4) {
                return Optional.empty();
            }
            int[] ids = new int[4];
            try {
                for (int i = 0; i < 4; i++) {
                    ids[i] = Integer.parseInt(f[i]);
                }
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            return Optional.of(ids);
        });
    }

    /** The kernel's (15-character) name of a thread. */
    public Optional<String> comm(int pid, int tid) {
        return read(taskDir(pid, tid).resolve("comm")).map(String::strip);
    }

    /** The parsed {@code stat} line of a thread. */
    public Optional<TaskStat> taskStat(int pid, int tid) {
        return read(taskDir(pid, tid).resolve("stat")).flatMap(TaskStat::parse);
    }

    /** The parsed {@code stat} line of a process (its main thread). */
    public Optional<TaskStat> processStat(int pid) {
        return read(root.resolve(Integer.toString(pid)).resolve("stat")).flatMap(TaskStat::parse);
    }

    /**
     * When {@code pid} started, in epoch seconds (to the clock tick, 10 ms), given the wall-clock time
     * {@code now}: its {@code stat} start time after boot, placed by {@code /proc/uptime}. Empty when
     * the process is gone. Assumes {@code USER_HZ} 100, what Linux reports on every architecture it
     * exports to user space.
     */
    public Optional<Double> startEpochSeconds(int pid, Instant now) {
        Optional<TaskStat> stat = processStat(pid);
        Optional<Double> uptime = uptimeSeconds();
        if (stat.isEmpty() || uptime.isEmpty()) {
            return Optional.empty();
        }
        double nowSeconds = now.getEpochSecond() + now.getNano() / 1e9;
        return Optional.of(nowSeconds - uptime.get() + stat.get().startTimeTicks() / TICKS);
    }

    /** How long the thread has existed, in seconds (to the clock tick); empty when it is gone. */
    public Optional<Double> threadAgeSeconds(int pid, int tid) {
        Optional<TaskStat> stat = taskStat(pid, tid);
        Optional<Double> uptime = uptimeSeconds();
        if (stat.isEmpty() || uptime.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Math.max(0, uptime.get() - stat.get().startTimeTicks() / TICKS));
    }

    /** Seconds since boot, the first field of {@code /proc/uptime}. */
    private Optional<Double> uptimeSeconds() {
        return read(root.resolve("uptime")).flatMap(s -> {
            try {
                return Optional.of(Double.parseDouble(s.strip().split("\\s+")[0]));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    /**
     * How often a thread gave up its CPU of its own accord (to sleep, park or wait for I/O): the
     * {@code voluntary_ctxt_switches} of its {@code status}; empty when it is gone.
     */
    public OptionalLong voluntarySwitches(int pid, int tid) {
        return field(taskDir(pid, tid).resolve("status"), "voluntary_ctxt_switches").map(value -> {
            try {
                return OptionalLong.of(Long.parseLong(value));
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }).orElse(OptionalLong.empty());
    }

    /**
     * The cumulative run time of a thread in nanoseconds, the first field of {@code schedstat}
     * (finer than {@code stat}'s clock ticks); empty when gone or when the kernel has no schedstat.
     */
    public Optional<Long> runTimeNanos(int pid, int tid) {
        return read(taskDir(pid, tid).resolve("schedstat")).flatMap(s -> {
            String[] parts = s.strip().split("\\s+");
            try {
                return Optional.of(Long.parseLong(parts[0]));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    /** The lines of {@code /proc/<pid>/task/<tid>/cgroup} (v1: {@code id:controllers:path}). */
    public List<String> cgroups(int pid, int tid) {
        return read(taskDir(pid, tid).resolve("cgroup")).map(s -> s.lines().toList()).orElse(List.of());
    }

    /**
     * A numeric kernel setting, {@code /proc/sys/kernel/<name>} (e.g. {@code sched_rt_runtime_us});
     * empty when the kernel has no such file or it does not hold a number.
     */
    public OptionalLong kernelSetting(String name) {
        return read(root.resolve("sys").resolve("kernel").resolve(name)).map(s -> {
            try {
                return OptionalLong.of(Long.parseLong(s.strip()));
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }).orElse(OptionalLong.empty());
    }

    /**
     * The id of the calling thread, from the {@code /proc/thread-self} link (Linux 3.17+); empty
     * when the link cannot be read. For callers without {@code gettid()}.
     */
    public Optional<Integer> callingThreadId() {
        try {
            // The link reads <pid>/task/<tid>.
            Path name = Files.readSymbolicLink(root.resolve("thread-self")).getFileName();
            return name == null ? Optional.empty() : Optional.of(Integer.parseInt(name.toString()));
        } catch (IOException | NumberFormatException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /** The lines of {@code /proc/mounts}. */
    public List<String> mounts() {
        return read(root.resolve("mounts")).map(s -> s.lines().toList()).orElse(List.of());
    }

    /** The lines of {@code /proc/self/mountinfo}, which also give the part of a file system each mount shows. */
    public List<String> mountInfo() {
        return read(root.resolve("self").resolve("mountinfo")).map(s -> s.lines().toList()).orElse(List.of());
    }

    private Path taskDir(int pid, int tid) {
        return root.resolve(Integer.toString(pid)).resolve("task").resolve(Integer.toString(tid));
    }

    /**
     * The whole of a {@code /proc} file. Not {@link Files#readString}: these files report size 0, so
     * it reads one byte first, and a {@code /proc/sys} file answers a read that does not start at
     * offset 0 with end-of-file ({@code sched_rt_runtime_us} 950000 came back as 9). This reads 8 KiB
     * at a time until the end: for a {@code stat} line four system calls instead of six.
     */
    private static Optional<String> read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // ESRCH and friends: the task went away while we read it.
            return Optional.empty();
        }
    }

    /**
     * The entries of {@code dir} named by a number, ascending; empty when it is gone. Drivers list a
     * JVM's threads every round, so the names are read as strings, without a {@code Path} and a
     * stream per entry.
     */
    private static List<Integer> numericEntries(Path dir) {
        String[] names = dir.toFile().list();
        if (names == null) {
            return List.of();
        }
        List<Integer> ids = new ArrayList<>(names.length);
        for (String name : names) {
            if (isId(name)) {
                ids.add(Integer.parseInt(name));
            }
        }
        ids.sort(null);
        return List.copyOf(ids);
    }

    private static boolean isId(String name) {
        if (name.isEmpty() || name.length() >= 10) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
