package dev.lachesis.translators.service;

import dev.lachesis.core.spi.ServiceManager;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.linux.jna.JnaKernel;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells systemd how the daemon is, as {@code sd_notify(3)} does and without needing libsystemd:
 * one datagram per piece of news ({@code READY=1}, {@code WATCHDOG=1}, {@code STOPPING=1}) to the
 * socket systemd names in {@code NOTIFY_SOCKET}. Present only when that variable is set (a unit of
 * {@code Type=notify}). A failed send is logged once and the daemon goes on: systemd then judges it
 * as it would a silent one.
 */
public final class SystemdNotifier implements ServiceManager {
    private static final Logger LOG = LoggerFactory.getLogger(SystemdNotifier.class);
    private static final String SOCKET = "NOTIFY_SOCKET";

    /** How a datagram is sent: {@link Kernel#sendDatagram}, or a test's record of it. */
    interface Datagrams {
        void send(String address, byte[] message) throws KernelException;
    }

    private final Optional<String> socket;
    private final Datagrams datagrams;
    private boolean toldFailure;

    /** The service loader's constructor: this process's environment and the system's kernel. */
    public SystemdNotifier() {
        this(System.getenv(), JnaKernel.instance()::sendDatagram);
    }

    SystemdNotifier(Map<String, String> environment, Datagrams datagrams) {
        this.socket = Optional.ofNullable(environment.get(SOCKET)).filter(s -> !s.isBlank());
        this.datagrams = datagrams;
    }

    @Override
    public boolean isPresent() {
        return socket.isPresent();
    }

    @Override
    public void ready(String status) {
        send("READY=1\nSTATUS=" + status.replace('\n', ' '));
    }

    @Override
    public void alive() {
        send("WATCHDOG=1");
    }

    @Override
    public void stopping() {
        send("STOPPING=1");
    }

    private synchronized void send(String state) {
        if (socket.isEmpty()) {
            return;
        }
        try {
            datagrams.send(socket.get(), state.getBytes(StandardCharsets.UTF_8));
        } catch (KernelException e) {
            if (!toldFailure) {
                LOG.warn("cannot tell systemd '{}' through {}={}: {}", state.lines().findFirst().orElse(state), SOCKET,
                        socket.get(), e.getMessage());
                toldFailure = true;
            }
        }
    }
}
