package dev.lachesis.translators.kernel;

/**
 * A system call or cgroup file write the kernel refused. The message names the call, its
 * arguments, the thread and the errno name, e.g.
 * {@code sched_setscheduler(tid=1234, policy=SCHED_RR, priority=50) failed: EPERM}. Subclasses
 * mark the errors translators treat specially.
 */
public class KernelException extends Exception {
    private final int errno;

    public KernelException(String call, int errno) {
        super(call + " failed: " + Errno.name(errno));
        this.errno = errno;
    }

    /** The kernel's error number. */
    public int errno() {
        return errno;
    }

    /** The right subclass for {@code errno}: thread gone, not permitted, invalid argument, or this class. */
    public static KernelException of(String call, int errno) {
        return switch (errno) {
            case Errno.ESRCH -> new ThreadGoneException(call, errno);
            case Errno.EPERM, Errno.EACCES -> new NotPermittedException(call, errno);
            case Errno.EINVAL -> new InvalidArgumentException(call, errno);
            default -> new KernelException(call, errno);
        };
    }
}
