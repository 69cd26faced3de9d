package dev.lachesis.experiments.run;

import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the demo and the sweep check after the daemon stopped, so they can say that nothing is left
 * changed: every thread of the SPE as {@code /proc} showed it before the daemon started (a thread
 * started later must not be real-time), no cgroup under the daemon's root, and no journal; when a
 * journal is left, {@code lachesis restore} undoes what it records. Each method returns one line
 * per problem, empty when everything is as it was.
 */
public final class RestoreCheck {
    private static final List<Path> CPU_CONTROLLERS = List.of(Path.of("/sys/fs/cgroup/cpu"),
            Path.of("/sys/fs/cgroup/cpu,cpuacct"), Path.of("/sys/fs/cgroup"));

    private RestoreCheck() {
    }

    /** Threads of {@code pid} whose scheduling differs from {@code before}, or real-time ones that started later. */
    public static List<String> changedThreads(long pid, Map<Long, ThreadSched> before) {
        List<String> changed = new ArrayList<>();
        ThreadSched.allOf(pid).forEach((tid, now) -> {
            ThreadSched was = before.get(tid);
            if (was != null ? !was.equals(now) : now.policy() != 0 || now.rtPriority() != 0) {
                changed.add("thread " + tid + " of PID " + pid + " is " + now.label()
                        + (was == null ? " (started later)" : ", was " + was.label()));
            }
        });
        return changed;
    }

    /** The groups named {@code cgroupRoot} under any cpu controller mount that exist now. */
    public static List<Path> leftoverCgroups(String cgroupRoot) {
        List<Path> left = new ArrayList<>();
        for (Path mount : CPU_CONTROLLERS) {
            if (Files.isDirectory(mount.resolve(cgroupRoot))) {
                left.add(mount.resolve(cgroupRoot));
            }
        }
        return left;
    }

    /**
     * Runs {@code lachesis restore --journal journal} through {@code lachesis} (the command that
     * starts {@code bin/lachesis}, e.g. behind {@code taskset}).
     *
     * @param output receives what restore prints
     */
    public static List<String> restoreFromJournal(List<String> lachesis, Path journal, Consumer<String> output) {
        List<String> command = new ArrayList<>(lachesis);
        command.addAll(List.of("restore", "--journal", journal.toString()));
        try {
            int code = ChildJvm.exec(command, "restored", output).waitFor();
            return code == 0 ? List.of() : List.of("lachesis restore --journal " + journal + " exited with " + code);
        } catch (IOException e) {
            return List.of("cannot run lachesis restore: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of("interrupted while restoring from " + journal);
        }
    }
}
