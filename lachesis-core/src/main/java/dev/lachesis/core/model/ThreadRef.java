package dev.lachesis.core.model;

/**
 * Identifies one native thread: the process it belongs to and its Linux thread id. Immutable.
 *
 * @param pid the process id (the JVM)
 * @param tid the kernel thread id, as listed in {@code /proc/<pid>/task}
 */
public record ThreadRef(int pid, int tid) implements Comparable<ThreadRef> {
    public ThreadRef {
        if (pid <= 0 || tid <= 0) {
            throw new IllegalArgumentException("pid and tid must be positive, got pid=" + pid + " tid=" + tid);
        }
    }

    @Override
    public int compareTo(ThreadRef other) {
        int byPid = Integer.compare(pid, other.pid);
        return byPid != 0 ? byPid : Integer.compare(tid, other.tid);
    }

    @Override
    public String toString() {
        return pid + "/" + tid;
    }
}
