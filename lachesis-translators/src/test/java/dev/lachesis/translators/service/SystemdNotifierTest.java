package dev.lachesis.translators.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.testing.LogCapture;
import dev.lachesis.translators.kernel.Errno;
import dev.lachesis.translators.kernel.KernelException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the daemon tells systemd, and that it tells nothing where systemd did not ask. */
class SystemdNotifierTest {
    private final List<String> sent = new ArrayList<>();

    @Test
    void withoutNotifySocketItIsAbsentAndSendsNothing() {
        SystemdNotifier notifier = new SystemdNotifier(Map.of(), this::record);
        notifier.ready("first round OK");
        notifier.alive();

        assertThat(notifier.isPresent()).isFalse();
        assertThat(sent).isEmpty();
    }

    @Test
    void sendsReadyWithItsStatusOnOneLineThenWatchdogThenStoppingToTheNamedSocket() {
        SystemdNotifier notifier = new SystemdNotifier(Map.of("NOTIFY_SOCKET", "@/org/freedesktop/systemd1/notify"),
                this::record);
        notifier.ready("first round FAILED: SPE 'storm'\ncannot be seen");
        notifier.alive();
        notifier.stopping();

        assertThat(notifier.isPresent()).isTrue();
        assertThat(sent).containsExactly(
                "@/org/freedesktop/systemd1/notify READY=1\nSTATUS=first round FAILED: SPE 'storm' cannot be seen",
                "@/org/freedesktop/systemd1/notify WATCHDOG=1",
                "@/org/freedesktop/systemd1/notify STOPPING=1");
    }

    @Test
    void aFailedSendIsLoggedOnceAndTheNextIsStillTried() {
        List<String> tried = new ArrayList<>();
        SystemdNotifier notifier = new SystemdNotifier(Map.of("NOTIFY_SOCKET", "/run/systemd/notify"), (address, message) -> {
            tried.add(new String(message, StandardCharsets.UTF_8));
            throw KernelException.of("sendto(" + address + ")", Errno.ECONNREFUSED);
        });
        try (LogCapture log = new LogCapture(SystemdNotifier.class)) {
            notifier.alive();
            notifier.alive();

            assertThat(tried).containsExactly("WATCHDOG=1", "WATCHDOG=1");
            assertThat(log.lines()).singleElement().asString()
                    .contains("cannot tell systemd 'WATCHDOG=1' through NOTIFY_SOCKET=/run/systemd/notify")
                    .contains("ECONNREFUSED");
        }
    }

    private void record(String address, byte[] message) {
        sent.add(address + " " + new String(message, StandardCharsets.UTF_8));
    }
}
