package dev.lachesis.translators.linux.jna;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.translators.kernel.Errno;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.SchedPolicy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Kernel} of this machine, through {@link LinuxLibc}: one short method per call that
 * turns the captured {@code errno} into a typed {@link KernelException} naming the call, its
 * arguments and the errno. Whether libc has {@code gettid()} is probed once. Thread-safe (it holds
 * no state besides the probe result).
 */
public final class JnaKernel implements Kernel {
    private static final Logger LOG = LoggerFactory.getLogger(JnaKernel.class);
    private static final JnaKernel INSTANCE = new JnaKernel();

    private final LinuxLibc libc = DirectLinuxLibc.INSTANCE;
    private final boolean hasGettid = probeGettid();
    /** One native sched_param per calling thread, so a round of 1,000 calls allocates no native memory. */
    private final ThreadLocal<LinuxLibc.SchedParam> params = ThreadLocal.withInitial(LinuxLibc.SchedParam::new);

    private JnaKernel() {
    }

    /** The one instance; libc is loaded on first use. */
    public static JnaKernel instance() {
        return INSTANCE;
    }

    private boolean probeGettid() {
        try {
            libc.gettid();
            LOG.debug("libc has gettid()");
            return true;
        } catch (UnsatisfiedLinkError | LastErrorException e) {
            LOG.info("libc has no gettid() (glibc older than 2.30): reading thread ids from /proc/thread-self");
            return false;
        }
    }

    @Override
    public int nice(int tid) throws KernelException {
        try {
            return libc.getpriority(LinuxLibc.PRIO_PROCESS, tid);
        } catch (LastErrorException e) {
            throw KernelException.of("getpriority(PRIO_PROCESS, tid=" + tid + ")", e.getErrorCode());
        }
    }

    @Override
    public void setNice(int tid, int nice) throws KernelException {
        try {
            libc.setpriority(LinuxLibc.PRIO_PROCESS, tid, nice);
        } catch (LastErrorException e) {
            throw KernelException.of("setpriority(PRIO_PROCESS, tid=" + tid + ", nice=" + nice + ")", e.getErrorCode());
        }
        resetNiceOnFork(tid, nice < 0);
    }

    /**
     * Linux copies a thread's nice to the threads it starts: a thread given a negative nice would hand
     * it to threads it starts later (a subtask's timer), which the daemon would take for their
     * original and leave there on exit. {@code SCHED_RESET_ON_FORK} starts them at nice 0 instead; it
     * is set while the nice is negative and cleared once it is not. A real-time thread is left as it
     * is (the real-time translator sets the flag itself). {@code sched_setscheduler} keeps the nice
     * of a thread in a normal policy.
     */
    private void resetNiceOnFork(int tid, boolean reset) throws KernelException {
        int current;
        try {
            current = libc.sched_getscheduler(tid);
        } catch (LastErrorException e) {
            throw KernelException.of("sched_getscheduler(tid=" + tid + ")", e.getErrorCode());
        }
        boolean flagged = (current & LinuxLibc.SCHED_RESET_ON_FORK) != 0;
        SchedPolicy policy = SchedPolicy.of(current & 0xff);
        if (flagged == reset || policy.isRealTime() || policy == SchedPolicy.DEADLINE) {
            return;
        }
        LinuxLibc.SchedParam param = params.get();
        param.sched_priority = 0;
        int code = reset ? policy.code() | LinuxLibc.SCHED_RESET_ON_FORK : policy.code();
        try {
            libc.sched_setscheduler(tid, code, param);
        } catch (LastErrorException e) {
            throw KernelException.of("sched_setscheduler(tid=" + tid + ", policy=" + policy.schedName()
                    + (reset ? " | SCHED_RESET_ON_FORK" : "") + ")", e.getErrorCode());
        }
    }

    @Override
    public SchedPolicy policy(int tid) throws KernelException {
        try {
            return SchedPolicy.of(libc.sched_getscheduler(tid) & 0xff);
        } catch (LastErrorException e) {
            throw KernelException.of("sched_getscheduler(tid=" + tid + ")", e.getErrorCode());
        }
    }

    @Override
    public int rtPriority(int tid) throws KernelException {
        LinuxLibc.SchedParam param = params.get();
        try {
            libc.sched_getparam(tid, param);
        } catch (LastErrorException e) {
            throw KernelException.of("sched_getparam(tid=" + tid + ")", e.getErrorCode());
        }
        return param.sched_priority;
    }

    @Override
    public void setScheduler(int tid, SchedPolicy policy, int rtPriority) throws KernelException {
        try {
            LinuxLibc.SchedParam param = params.get();
            param.sched_priority = rtPriority;
            int code = policy.isRealTime() ? policy.code() | LinuxLibc.SCHED_RESET_ON_FORK : policy.code();
            libc.sched_setscheduler(tid, code, param);
        } catch (LastErrorException e) {
            throw KernelException.of("sched_setscheduler(tid=" + tid + ", policy=" + policy.schedName()
                    + ", priority=" + rtPriority + ")", e.getErrorCode());
        }
    }

    @Override
    public void setAffinity(int tid, int cpu) throws KernelException {
        int bits = NativeLong.SIZE * 8;
        int words = cpu / bits + 1;
        Memory mask = new Memory((long) words * NativeLong.SIZE);
        mask.clear();
        mask.setNativeLong((long) (cpu / bits) * NativeLong.SIZE, new NativeLong(1L << (cpu % bits)));
        try {
            libc.sched_setaffinity(tid, new NativeLong(mask.size()), mask);
        } catch (LastErrorException e) {
            throw KernelException.of("sched_setaffinity(tid=" + tid + ", cpu=" + cpu + ")", e.getErrorCode());
        }
    }

    @Override
    public int currentTid() {
        if (hasGettid) {
            return libc.gettid();
        }
        return ProcFs.system().callingThreadId().orElseThrow(() ->
                new IllegalStateException("libc has no gettid() and /proc/thread-self cannot be read"));
    }

    @Override
    public void writeControlFile(Path file, String value) throws KernelException {
        String call = "write(" + file + ", \"" + value + "\")";
        int fd;
        try {
            fd = libc.open(file.toString(), LinuxLibc.O_WRONLY);
        } catch (LastErrorException e) {
            throw KernelException.of("open(" + file + ", O_WRONLY) for " + call, e.getErrorCode());
        }
        byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        try {
            libc.write(fd, bytes, new NativeLong(bytes.length));
        } catch (LastErrorException e) {
            throw KernelException.of(call, e.getErrorCode());
        } finally {
            closeQuietly(fd, file);
        }
    }

    private void closeQuietly(int fd, Path file) {
        try {
            libc.close(fd);
        } catch (LastErrorException e) {
            LOG.warn("close({}) of {} failed: {}", fd, file, Errno.name(e.getErrorCode()));
        }
    }

    @Override
    public void makeGroup(Path dir) throws KernelException {
        try {
            libc.mkdir(dir.toString(), 0755);
        } catch (LastErrorException e) {
            if (e.getErrorCode() != Errno.EEXIST) {
                throw KernelException.of("mkdir(" + dir + ")", e.getErrorCode());
            }
        }
    }

    @Override
    public void removeGroup(Path dir) throws KernelException {
        try {
            libc.rmdir(dir.toString());
        } catch (LastErrorException e) {
            if (e.getErrorCode() != Errno.ENOENT) {
                throw KernelException.of("rmdir(" + dir + ")", e.getErrorCode());
            }
        }
    }

    @Override
    public void sendDatagram(String address, byte[] message) throws KernelException {
        boolean abstractName = address.startsWith("@");
        byte[] path = (abstractName ? "\0" + address.substring(1) : address).getBytes(StandardCharsets.UTF_8);
        LinuxLibc.SockaddrUn to = new LinuxLibc.SockaddrUn();
        if (path.length >= to.sun_path.length + (abstractName ? 1 : 0)) {
            throw KernelException.of("sendto(" + address + "): the address is longer than a Unix socket's "
                    + (to.sun_path.length - 1) + " bytes", Errno.ENAMETOOLONG);
        }
        to.sun_family = LinuxLibc.AF_UNIX;
        System.arraycopy(path, 0, to.sun_path, 0, path.length);
        // sun_family, then the path: with its NUL for a file, without one for an abstract name.
        int length = Short.BYTES + path.length + (abstractName ? 0 : 1);
        int fd;
        try {
            fd = libc.socket(LinuxLibc.AF_UNIX, LinuxLibc.SOCK_DGRAM | LinuxLibc.SOCK_CLOEXEC, 0);
        } catch (LastErrorException e) {
            throw KernelException.of("socket(AF_UNIX, SOCK_DGRAM) to send to " + address, e.getErrorCode());
        }
        try {
            libc.sendto(fd, message, new NativeLong(message.length), LinuxLibc.MSG_NOSIGNAL, to, length);
        } catch (LastErrorException e) {
            throw KernelException.of("sendto(" + address + ")", e.getErrorCode());
        } finally {
            closeQuietly(fd, Path.of(address));
        }
    }
}
