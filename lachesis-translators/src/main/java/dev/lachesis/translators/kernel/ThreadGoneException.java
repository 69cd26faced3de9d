package dev.lachesis.translators.kernel;

/**
 * The thread (or process) named in a call no longer exists ({@code ESRCH}). Threads come and go with
 * the SPE, so translators drop such a thread silently.
 */
public class ThreadGoneException extends KernelException {
    public ThreadGoneException(String call, int errno) {
        super(call, errno);
    }
}
