package dev.lachesis.discovery;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.spi.DriverException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a thread dump inside the daemon's own JVM, without forking, through the JDK attach API:
 * {@link VirtualMachine#attach(String)} (public, module {@code jdk.attach}) and then the HotSpot
 * {@code threaddump} command, the one {@code jcmd Thread.print} runs. The public API has no
 * thread-dump method; it lives on {@code sun.tools.attach.HotSpotVirtualMachine#remoteDataDump},
 * which Java 17 exports only to {@code jdk.jcmd}. So this source works only when the daemon runs
 * with {@code --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED} ({@code bin/lachesis} and the
 * build's tests pass it); {@link AttachSupport#unavailableReason()} says whether it does, and the
 * method is called reflectively, because {@code javac --release 17} refuses {@code --add-exports}
 * of a system module. The JDK does
 * the attach hand-shake itself, including a target in another mount or PID namespace and, as root,
 * a target running as another user. A dump longer than the limit is not read to its end. Thread-safe
 * (each dump attaches and detaches).
 */
public final class AttachApiDumpSource implements ThreadDumpSource {
    private static final Logger LOG = LoggerFactory.getLogger(AttachApiDumpSource.class);

    private static final int CHUNK_BYTES = 8192;

    private final Method remoteDataDump;
    private final ByteSize maxDump;

    private AttachApiDumpSource(Method remoteDataDump, ByteSize maxDump) {
        this.remoteDataDump = remoteDataDump;
        this.maxDump = maxDump;
    }

    /**
     * This source, reading dumps up to {@link #MAX_DUMP}, when the attach API and its HotSpot thread
     * dump are accessible in this JVM; empty otherwise ({@link AttachSupport#unavailableReason()} says
     * why, and is the check to make before this class is loaded on a runtime that may lack
     * {@code jdk.attach}).
     */
    public static Optional<ThreadDumpSource> create() {
        return create(MAX_DUMP);
    }

    // VisibleForTesting
    static Optional<ThreadDumpSource> create(ByteSize maxDump) {
        if (AttachSupport.unavailableReason().isPresent()) {
            return Optional.empty();
        }
        try {
            Class<?> hotSpot = Class.forName(AttachSupport.HOTSPOT_PACKAGE + ".HotSpotVirtualMachine");
            return Optional.of(new AttachApiDumpSource(hotSpot.getMethod("remoteDataDump", Object[].class), maxDump));
        } catch (ReflectiveOperationException e) {
            LOG.debug("The HotSpot attach API has no thread dump here: {}", e.toString());
            return Optional.empty();
        }
    }

    @Override
    public String threadDump(int pid) throws DriverException {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Integer.toString(pid));
        } catch (AttachNotSupportedException e) {
            throw JvmThreadDiscovery.failure(pid, "it cannot be attached to: " + e.getMessage());
        } catch (IOException e) {
            throw JvmThreadDiscovery.failure(pid, "attaching failed: " + e.getMessage());
        }
        try (InputStream dump = (InputStream) remoteDataDump.invoke(vm, (Object) new Object[0])) {
            // Not readAllBytes(): on JDK 17 this stream's read(buffer, offset, length) takes length
            // for the end index, so a read at an offset >= length reports end of stream and the dump
            // stops after 4096 bytes. Reading whole chunks at offset 0 works, as jcmd does.
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            byte[] chunk = new byte[CHUNK_BYTES];
            for (int n = dump.read(chunk); n >= 0; n = dump.read(chunk)) {
                if (text.size() + (long) n > maxDump.bytes()) {
                    throw JvmThreadDiscovery.failure(pid, "its thread dump is longer than the " + maxDump
                            + " a dump may have");
                }
                text.write(chunk, 0, n);
            }
            return text.toString(StandardCharsets.UTF_8);
        } catch (InvocationTargetException e) {
            throw JvmThreadDiscovery.failure(pid, "the thread dump failed: " + e.getCause().getMessage());
        } catch (IllegalAccessException e) {
            throw JvmThreadDiscovery.failure(pid, "the attach API refused the thread dump: " + e.getMessage());
        } catch (IOException e) {
            throw JvmThreadDiscovery.failure(pid, "reading the thread dump failed: " + e.getMessage());
        } finally {
            detach(vm, pid);
        }
    }

    private static void detach(VirtualMachine vm, int pid) {
        try {
            vm.detach();
        } catch (IOException e) {
            // Detaching only closes our side; the dump is complete, so the round goes on.
            LOG.debug("Detaching from PID {} failed: {}", pid, e.getMessage());
        }
    }
}
