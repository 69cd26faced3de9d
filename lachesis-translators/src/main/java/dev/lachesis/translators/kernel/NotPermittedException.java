package dev.lachesis.translators.kernel;

/**
 * The kernel refused a change for lack of privilege ({@code EPERM}, or {@code EACCES} on a cgroup
 * file): no CAP_SYS_NICE, an RLIMIT_NICE/RLIMIT_RTPRIO too low, or a cgroup with no real-time
 * budget. Translators report it once with the fix.
 */
public class NotPermittedException extends KernelException {
    public NotPermittedException(String call, int errno) {
        super(call, errno);
    }
}
