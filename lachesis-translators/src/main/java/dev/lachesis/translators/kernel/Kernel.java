package dev.lachesis.translators.kernel;

import java.nio.file.Path;

/**
 * The few kernel operations translators need, so that normalising, diffing, journalling and
 * restoring stay plain Java tested against a recording fake, and only
 * {@code dev.lachesis.translators.linux.jna.JnaKernel} makes system calls (the callers that need the
 * machine's kernel name it; this interface does not pick). Every thread is named by its kernel thread id. Implementations are thread-safe.
 */
public interface Kernel {
    /** The nice value (-20..19) of thread {@code tid} ({@code getpriority(PRIO_PROCESS, tid)}). */
    int nice(int tid) throws KernelException;

    /**
     * Sets the nice value of thread {@code tid} ({@code setpriority(PRIO_PROCESS, tid, nice)}); the
     * threads it starts while its nice is negative start at nice 0 (Linux would copy its nice to them).
     */
    void setNice(int tid, int nice) throws KernelException;

    /** The scheduling policy of thread {@code tid}. */
    SchedPolicy policy(int tid) throws KernelException;

    /** The real-time priority of thread {@code tid} (0 for non-real-time policies). */
    int rtPriority(int tid) throws KernelException;

    /**
     * Sets the policy and real-time priority of thread {@code tid}; {@code rtPriority} must be 0 for
     * non-real-time policies. The nice value is kept. A real-time thread's children (threads it
     * starts later) begin in SCHED_OTHER, not in its class: the daemon decides about them.
     */
    void setScheduler(int tid, SchedPolicy policy, int rtPriority) throws KernelException;

    /** Lets thread {@code tid} run on CPU {@code cpu} only ({@code sched_setaffinity}). */
    void setAffinity(int tid, int cpu) throws KernelException;

    /** The calling thread's kernel thread id. */
    int currentTid();

    /** Writes {@code value} to a cgroup control file in a single {@code write(2)}. */
    void writeControlFile(Path file, String value) throws KernelException;

    /** Creates a cgroup directory; it is not an error when it exists. */
    void makeGroup(Path dir) throws KernelException;

    /** Removes an empty cgroup directory ({@code rmdir(2)}); it is not an error when it is gone. */
    void removeGroup(Path dir) throws KernelException;

    /**
     * Sends {@code message} as one datagram to the Unix-domain socket at {@code address}: a path, or
     * with a leading {@code @} a name in the abstract namespace (how systemd's {@code NOTIFY_SOCKET}
     * is written).
     */
    void sendDatagram(String address, byte[] message) throws KernelException;
}
