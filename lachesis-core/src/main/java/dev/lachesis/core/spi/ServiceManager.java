package dev.lachesis.core.spi;

/**
 * The service manager that started the daemon and waits for its news: systemd with
 * {@code Type=notify}, which starts the units after it only once the daemon is ready, and with
 * {@code WatchdogSec=} kills a daemon whose loop stopped going round. {@code lachesis run} finds
 * the implementations with {@link java.util.ServiceLoader} (the native call lives where the other
 * native calls do) and uses those {@linkplain #isPresent() present}: ready after its first round,
 * alive after every round, stopping when it begins to restore. A daemon started any other way has
 * none and sends nothing. Implementations log their own failures and never throw.
 */
public interface ServiceManager {
    /** Whether this service manager started the daemon and waits for its news. */
    boolean isPresent();

    /** The daemon has done its first round: units ordered after it may start. */
    void ready(String status);

    /** The loop went round once more. */
    void alive();

    /** The daemon is stopping: it restores every thread it changed, then exits. */
    void stopping();
}
