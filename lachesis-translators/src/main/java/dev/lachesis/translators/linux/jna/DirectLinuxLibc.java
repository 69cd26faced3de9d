package dev.lachesis.translators.linux.jna;

import com.sun.jna.Function;
import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;

/**
 * {@link LinuxLibc} through JNA's direct mapping ({@link Native#register}): each call binds straight to
 * the libc symbol, without the proxy and reflection of an interface mapping. A round that changes
 * 1,000 threads makes 1,000 calls; one {@code setpriority} took 1.05 µs interface-mapped and 0.47 µs
 * direct on these machines (issue 45). {@code gettid} is looked up on first use instead, because glibc
 * before 2.30 lacks it and a direct mapping fails whole when one symbol is missing. Stateless.
 */
final class DirectLinuxLibc implements LinuxLibc {
    /** The process's libc, bound once. */
    static final LinuxLibc INSTANCE = new DirectLinuxLibc();

    static {
        Native.register(DirectLinuxLibc.class, "c");
    }

    private DirectLinuxLibc() {
    }

    @Override
    public native int getpriority(int which, int who) throws LastErrorException;

    @Override
    public native int setpriority(int which, int who, int prio) throws LastErrorException;

    @Override
    public native int sched_setscheduler(int pid, int policy, SchedParam param) throws LastErrorException;

    @Override
    public native int sched_getscheduler(int pid) throws LastErrorException;

    @Override
    public native int sched_getparam(int pid, SchedParam param) throws LastErrorException;

    @Override
    public native int sched_get_priority_max(int policy) throws LastErrorException;

    @Override
    public native int sched_get_priority_min(int policy) throws LastErrorException;

    @Override
    public native int sched_setaffinity(int pid, NativeLong cpusetsize, Pointer mask) throws LastErrorException;

    /** @throws UnsatisfiedLinkError when this libc has no {@code gettid} (glibc before 2.30) */
    @Override
    public int gettid() throws LastErrorException {
        return NativeLibrary.getInstance("c").getFunction("gettid", Function.THROW_LAST_ERROR)
                .invokeInt(new Object[0]);
    }

    @Override
    public native int open(String pathname, int flags) throws LastErrorException;

    @Override
    public native NativeLong write(int fd, byte[] buf, NativeLong count) throws LastErrorException;

    @Override
    public native int close(int fd) throws LastErrorException;

    @Override
    public native int socket(int domain, int type, int protocol) throws LastErrorException;

    @Override
    public native NativeLong sendto(int fd, byte[] buf, NativeLong len, int flags, SockaddrUn address,
                                    int addressLength) throws LastErrorException;

    @Override
    public native int mkdir(String pathname, int mode) throws LastErrorException;

    @Override
    public native int rmdir(String pathname) throws LastErrorException;
}
