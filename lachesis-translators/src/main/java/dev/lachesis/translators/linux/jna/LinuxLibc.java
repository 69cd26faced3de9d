package dev.lachesis.translators.linux.jna;

import com.sun.jna.LastErrorException;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * The libc functions Lachesis calls, mapped with JNA ({@link DirectLinuxLibc}). Every function is declared to throw {@link
 * LastErrorException} so JNA clears {@code errno} before the call and captures it right after, on
 * the calling thread. Types follow the C declarations so the mapping is right on x86_64, armhf and
 * aarch64: {@code pid_t}, {@code id_t}, {@code mode_t} and {@code int} are 32 bits everywhere, and
 * {@code size_t}/{@code ssize_t} are C longs ({@link NativeLong}). No raw syscall numbers: they
 * differ per architecture.
 */
public interface LinuxLibc {

    /** {@code which} for {@link #getpriority}/{@link #setpriority}: a process, or on Linux a single thread by tid. */
    int PRIO_PROCESS = 0;
    /** Or-ed into a policy: the thread's children start in SCHED_OTHER at nice 0 or more ({@code sched(7)}). */
    int SCHED_RESET_ON_FORK = 0x40000000;

    /** {@code flags} for {@link #open}: write only. The same value on every Linux architecture. */
    int O_WRONLY = 1;

    /** {@code domain} for {@link #socket}: a Unix-domain socket. */
    int AF_UNIX = 1;
    /** {@code type} for {@link #socket}: datagrams (x86_64, arm and aarch64; MIPS differs and is not a target). */
    int SOCK_DGRAM = 2;
    /** Or-ed into a socket's {@code type}: closed on exec ({@code O_CLOEXEC} on x86_64, arm and aarch64). */
    int SOCK_CLOEXEC = 0x80000;
    /** {@code flags} for {@link #sendto}: no SIGPIPE when the receiver is gone, EPIPE instead. */
    int MSG_NOSIGNAL = 0x4000;

    /**
     * {@code struct sockaddr_un}: the family, then up to 108 bytes of path; a path that starts with
     * a NUL byte names an abstract socket.
     */
    @Structure.FieldOrder({"sun_family", "sun_path"})
    class SockaddrUn extends Structure {
        public short sun_family;
        public byte[] sun_path = new byte[108];

        public SockaddrUn() {
            super();
        }
    }

    /**
     * {@code struct sched_param}: a single {@code int sched_priority} (1–99 for SCHED_RR/SCHED_FIFO,
     * 0 otherwise) on every Linux architecture.
     */
    @Structure.FieldOrder({"sched_priority"})
    class SchedParam extends Structure {
        public int sched_priority;

        public SchedParam() {
            super();
        }

        public SchedParam(int priority) {
            super();
            this.sched_priority = priority;
        }
    }

    /**
     * {@code int getpriority(int which, id_t who)}: the nice value of a process, group or user. On
     * Linux, {@code PRIO_PROCESS} with a thread id reads that one thread.
     *
     * @return the nice value, -20..19 (glibc turns the kernel's 40..1 into it); -1 is a valid value,
     *     an error is signalled through errno only
     * @throws LastErrorException ESRCH no such thread; EINVAL bad {@code which}
     */
    int getpriority(int which, int who) throws LastErrorException;

    /**
     * {@code int setpriority(int which, id_t who, int prio)}: sets the nice value; with
     * {@code PRIO_PROCESS} and a thread id, of that one thread. Values outside -20..19 are clamped.
     *
     * @return 0
     * @throws LastErrorException ESRCH no such thread; EPERM lowering nice without CAP_SYS_NICE (or
     *     above RLIMIT_NICE), or another user's thread; EACCES likewise on older kernels
     */
    int setpriority(int which, int who, int prio) throws LastErrorException;

    /**
     * {@code int sched_setscheduler(pid_t pid, int policy, const struct sched_param *param)}: sets
     * the policy and real-time priority of thread {@code pid} (0: the caller).
     *
     * @return 0
     * @throws LastErrorException ESRCH no such thread; EPERM no CAP_SYS_NICE / RLIMIT_RTPRIO, or (cgroup
     *     v1 RT group scheduling) the thread's group has {@code cpu.rt_runtime_us} 0; EINVAL bad policy
     *     or priority outside {@code sched_get_priority_min/max}
     */
    int sched_setscheduler(int pid, int policy, SchedParam param) throws LastErrorException;

    /**
     * {@code int sched_getscheduler(pid_t pid)}: the policy of thread {@code pid}.
     *
     * @return SCHED_OTHER 0, SCHED_FIFO 1, SCHED_RR 2, SCHED_BATCH 3, SCHED_IDLE 5, SCHED_DEADLINE 6
     * @throws LastErrorException ESRCH no such thread; EINVAL negative pid
     */
    int sched_getscheduler(int pid) throws LastErrorException;

    /**
     * {@code int sched_getparam(pid_t pid, struct sched_param *param)}: the real-time priority of
     * thread {@code pid} into {@code param}.
     *
     * @return 0
     * @throws LastErrorException ESRCH no such thread; EINVAL null param or negative pid
     */
    int sched_getparam(int pid, SchedParam param) throws LastErrorException;

    /**
     * {@code int sched_get_priority_max(int policy)}: the highest real-time priority of a policy.
     *
     * @return 99 for SCHED_RR/SCHED_FIFO on Linux, 0 for the others
     * @throws LastErrorException EINVAL unknown policy
     */
    int sched_get_priority_max(int policy) throws LastErrorException;

    /**
     * {@code int sched_get_priority_min(int policy)}: the lowest real-time priority of a policy.
     *
     * @return 1 for SCHED_RR/SCHED_FIFO on Linux, 0 for the others
     * @throws LastErrorException EINVAL unknown policy
     */
    int sched_get_priority_min(int policy) throws LastErrorException;

    /**
     * {@code int sched_setaffinity(pid_t pid, size_t cpusetsize, const cpu_set_t *mask)}: sets the
     * CPUs thread {@code pid} (0: the caller) may run on. The mask is a bit array in unsigned longs,
     * CPU {@code n} being bit {@code n % 64} of word {@code n / 64} on a 64-bit machine.
     *
     * @param cpusetsize the size of {@code mask} in bytes
     * @return 0
     * @throws LastErrorException EINVAL no CPU of the mask is online or allowed by the thread's cpuset;
     *     ESRCH no such thread; EPERM not allowed
     */
    int sched_setaffinity(int pid, NativeLong cpusetsize, Pointer mask) throws LastErrorException;

    /**
     * {@code pid_t gettid(void)}: the caller's thread id. glibc 2.30 and later only; callers probe
     * for it once and fall back to {@code /proc/thread-self}.
     *
     * @return the thread id; never fails
     */
    int gettid() throws LastErrorException;

    /**
     * {@code int open(const char *pathname, int flags)}: opens a file (here: a cgroup control file).
     *
     * @return a file descriptor
     * @throws LastErrorException ENOENT no such file; EACCES not allowed; EROFS read-only mount
     */
    int open(String pathname, int flags) throws LastErrorException;

    /**
     * {@code ssize_t write(int fd, const void *buf, size_t count)}: writes bytes. A cgroup control file
     * takes one value per call and reports the kernel's verdict on it through errno.
     *
     * @return the number of bytes written
     * @throws LastErrorException ESRCH writing a gone tid to {@code tasks}; EINVAL a value out of range
     *     (or an RT thread into a group without RT budget); EBUSY a budget below the children's sum;
     *     EPERM/EACCES not allowed
     */
    NativeLong write(int fd, byte[] buf, NativeLong count) throws LastErrorException;

    /**
     * {@code int close(int fd)}: closes a file descriptor.
     *
     * @return 0
     * @throws LastErrorException EBADF bad descriptor; EIO a deferred write error
     */
    int close(int fd) throws LastErrorException;

    /**
     * {@code int socket(int domain, int type, int protocol)}.
     *
     * @return the new socket's file descriptor
     * @throws LastErrorException EACCES, EMFILE, ENFILE, ENOBUFS, ENOMEM, EAFNOSUPPORT
     */
    int socket(int domain, int type, int protocol) throws LastErrorException;

    /**
     * {@code ssize_t sendto(int sockfd, const void *buf, size_t len, int flags, const struct
     * sockaddr *dest_addr, socklen_t addrlen)}.
     *
     * @return the bytes sent
     * @throws LastErrorException ENOENT or ECONNREFUSED no socket at that address; EACCES; EAGAIN
     */
    NativeLong sendto(int fd, byte[] buf, NativeLong len, int flags, SockaddrUn address, int addressLength)
            throws LastErrorException;

    /**
     * {@code int mkdir(const char *pathname, mode_t mode)}: creates a directory (in a cgroup file
     * system: a group).
     *
     * @return 0
     * @throws LastErrorException EEXIST exists; EACCES/EPERM not allowed; ENOENT no parent
     */
    int mkdir(String pathname, int mode) throws LastErrorException;

    /**
     * {@code int rmdir(const char *pathname)}: removes an empty directory (a cgroup with no tasks
     * and no child groups).
     *
     * @return 0
     * @throws LastErrorException EBUSY the group still has tasks or children; ENOENT gone; EPERM/EACCES not allowed
     */
    int rmdir(String pathname) throws LastErrorException;
}
