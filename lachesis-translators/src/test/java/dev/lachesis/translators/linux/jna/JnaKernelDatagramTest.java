package dev.lachesis.translators.linux.jna;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import dev.lachesis.translators.kernel.Errno;
import dev.lachesis.translators.kernel.KernelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JnaKernel#sendDatagram} on the real kernel, received by a Unix datagram socket this test
 * binds (as systemd binds its notification socket): at a path, and in the abstract namespace that a
 * leading {@code @} names.
 */
class JnaKernelDatagramTest {
    /** What the test needs of libc beyond {@link LinuxLibc}: to receive. */
    interface Receiver extends Library {
        Receiver INSTANCE = Native.load("c", Receiver.class);
        int MSG_DONTWAIT = 0x40;

        int bind(int fd, LinuxLibc.SockaddrUn address, int addressLength) throws LastErrorException;

        NativeLong recv(int fd, byte[] buf, NativeLong len, int flags) throws LastErrorException;
    }

    @TempDir
    Path tmp;

    @Test
    void sendsOneDatagramToASocketAtAPath() throws Exception {
        String path = tmp.resolve("notify").toString();
        assertThat(sendAndReceive(path, path.getBytes(StandardCharsets.UTF_8), "READY=1\nSTATUS=first round OK"))
                .isEqualTo("READY=1\nSTATUS=first round OK");
    }

    @Test
    void sendsToAnAbstractSocketNamedWithALeadingAt() throws Exception {
        String name = "lachesis-test-" + UUID.randomUUID();
        assertThat(sendAndReceive("@" + name, ("\0" + name).getBytes(StandardCharsets.UTF_8), "WATCHDOG=1"))
                .isEqualTo("WATCHDOG=1");
    }

    @Test
    void aSocketThatIsNotThereIsAnErrnoNamingTheAddress() {
        String path = tmp.resolve("gone").toString();
        assertThatThrownBy(() -> JnaKernel.instance().sendDatagram(path, new byte[] {'x'}))
                .isInstanceOf(KernelException.class).hasMessageContaining(path)
                .satisfies(e -> assertThat(((KernelException) e).errno()).isEqualTo(Errno.ENOENT));
    }

    @Test
    void anAddressLongerThanAUnixSocketTakesIsRefusedBeforeAnyCall() {
        String path = "/" + "x".repeat(120);
        assertThatThrownBy(() -> JnaKernel.instance().sendDatagram(path, new byte[] {'x'}))
                .isInstanceOf(KernelException.class).hasMessageContaining("longer than");
    }

    private static String sendAndReceive(String address, byte[] bound, String message) throws Exception {
        LinuxLibc libc = DirectLinuxLibc.INSTANCE;
        int fd = libc.socket(LinuxLibc.AF_UNIX, LinuxLibc.SOCK_DGRAM | LinuxLibc.SOCK_CLOEXEC, 0);
        try {
            LinuxLibc.SockaddrUn at = new LinuxLibc.SockaddrUn();
            at.sun_family = LinuxLibc.AF_UNIX;
            System.arraycopy(bound, 0, at.sun_path, 0, bound.length);
            Receiver.INSTANCE.bind(fd, at, Short.BYTES + bound.length + (bound[0] == 0 ? 0 : 1));
            JnaKernel.instance().sendDatagram(address, message.getBytes(StandardCharsets.UTF_8));
            byte[] buffer = new byte[256];
            int n = Receiver.INSTANCE.recv(fd, buffer, new NativeLong(buffer.length), Receiver.MSG_DONTWAIT).intValue();
            return new String(buffer, 0, n, StandardCharsets.UTF_8);
        } finally {
            libc.close(fd);
        }
    }
}
