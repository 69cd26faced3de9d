package dev.lachesis.translators;

import dev.lachesis.core.proc.ProcFs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/** A temporary {@code /proc} tree with processes and threads whose stat lines the test controls. */
public final class FakeProc {
    public final Path root;
    public final ProcFs procFs;

    public FakeProc(Path root) {
        this.root = root;
        this.procFs = new ProcFs(root);
    }

    /** Adds (or replaces) a thread; the process's own stat is its first thread's with {@code processStart}. */
    public FakeProc thread(int pid, long processStart, int tid, String comm, int nice, int policy, int rtPriority, String cgroup) {
        write(root.resolve(pid + "/stat"), statLine(pid, comm, 'S', 0, processStart, 0, 0));
        owner(pid, 0);
        write(root.resolve(pid + "/task/" + tid + "/stat"), statLine(tid, comm, 'S', nice, processStart + tid, rtPriority, policy));
        write(root.resolve(pid + "/task/" + tid + "/cgroup"), "1:cpu,cpuacct:" + cgroup + "\n0::/\n");
        write(root.resolve(pid + "/task/" + tid + "/schedstat"), "0 0 0\n");
        return this;
    }

    public FakeProc thread(int pid, int tid, String comm) {
        return thread(pid, 1000, tid, comm, 0, 0, 0, "/");
    }

    /**
     * Marks a thread runnable ({@code R}) with the given run time in {@code schedstat}; it has not
     * slept unless {@link #slept} said so.
     */
    public void runnable(int pid, long processStart, int tid, String comm, long runTimeNanos) {
        write(root.resolve(pid + "/task/" + tid + "/stat"), statLine(tid, comm, 'R', 0, processStart + tid, 0, 0));
        write(root.resolve(pid + "/task/" + tid + "/schedstat"), runTimeNanos + " 0 0\n");
        if (!Files.exists(root.resolve(pid + "/task/" + tid + "/status"))) {
            slept(pid, tid, 0);
        }
    }

    /** Sets how often a thread gave up its CPU of its own accord ({@code voluntary_ctxt_switches} of its status). */
    public void slept(int pid, int tid, long voluntarySwitches) {
        write(root.resolve(pid + "/task/" + tid + "/status"), "Name:\tjava\nvoluntary_ctxt_switches:\t"
                + voluntarySwitches + "\nnonvoluntary_ctxt_switches:\t0\n");
    }

    /** Lets process {@code pid} run on the CPUs of {@code list} ({@code Cpus_allowed_list} of its status). */
    public FakeProc cpusAllowed(int pid, String list) {
        return statusLine(pid, "Cpus_allowed_list", list);
    }

    /** Sets the kernel's real-time throttling: {@code runtimeUs} of every 1000000 µs ({@code -1}: none). */
    public FakeProc rtRuntime(long runtimeUs) {
        write(root.resolve("sys/kernel/sched_rt_runtime_us"), runtimeUs + "\n");
        write(root.resolve("sys/kernel/sched_rt_period_us"), "1000000\n");
        return this;
    }

    /** Replaces the process with another one under the same PID (a later start time). */
    public void restartProcess(int pid, long newStart) {
        deleteTree(root.resolve(Integer.toString(pid)));
        write(root.resolve(pid + "/stat"), statLine(pid, "java", 'S', 0, newStart, 0, 0));
        owner(pid, 0);
    }

    /** Makes {@code uid} the owner of process {@code pid} (the {@code Uid:} line of its status). */
    public FakeProc owner(int pid, int uid) {
        return statusLine(pid, "Uid", uid + "\t" + uid + "\t" + uid + "\t" + uid);
    }

    /** Sets one line of the process's {@code status}, keeping the others. */
    private FakeProc statusLine(int pid, String key, String value) {
        Path status = root.resolve(pid + "/status");
        Map<String, String> lines = new LinkedHashMap<>();
        lines.put("Name", "java");
        if (Files.exists(status)) {
            try {
                for (String line : Files.readAllLines(status)) {
                    int colon = line.indexOf(':');
                    lines.put(line.substring(0, colon), line.substring(colon + 1).strip());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        lines.put(key, value);
        StringBuilder text = new StringBuilder();
        lines.forEach((k, v) -> text.append(k).append(":\t").append(v).append('\n'));
        write(status, text.toString());
        return this;
    }

    public void remove(int pid) {
        deleteTree(root.resolve(Integer.toString(pid)));
    }

    public static String statLine(int id, String comm, char state, int nice, long start, int rtPriority, int policy) {
        StringBuilder sb = new StringBuilder().append(id).append(" (").append(comm).append(") ").append(state);
        for (int field = 4; field <= 52; field++) {
            long v = switch (field) {
                case 19 -> nice;
                case 22 -> start;
                case 40 -> rtPriority;
                case 41 -> policy;
                default -> 0;
            };
            sb.append(' ').append(v);
        }
        return sb.append('\n').toString();
    }

    /**
     * Replaces a file in one step, as the kernel answers a read of {@code /proc}: a watchdog thread
     * reading while the test rewrites must never see it empty (a thread whose run time reads as
     * nothing drops out of the sample, and its query looks as if only one thread ran).
     */
    public static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Path next = Files.createTempFile(file.getParent(), ".next-", "");
            Files.writeString(next, text);
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
