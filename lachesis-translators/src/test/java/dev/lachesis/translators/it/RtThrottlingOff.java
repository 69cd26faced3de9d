package dev.lachesis.translators.it;

import dev.lachesis.translators.Machine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Switches the kernel's real-time throttling off while open: {@code /proc/sys/kernel/sched_rt_runtime_us}
 * and, with cgroup v1 RT group scheduling, the root cpu group's {@code cpu.rt_runtime_us}, both to -1
 * (the group's alone does not do it: on this machine's kernel the root group keeps throttling at its
 * own budget when only the sysctl is -1). {@link #close()} puts both back, the group first, since the
 * sysctl may not drop below a group's budget; so does a shutdown hook if the test JVM ends first.
 * Machine-wide: keep it open for as short a time as the test needs.
 */
final class RtThrottlingOff implements AutoCloseable {
    static final Path SYSCTL = Path.of("/proc/sys/kernel/sched_rt_runtime_us");

    private final List<Path> files = new ArrayList<>();
    private final List<String> originals = new ArrayList<>();
    private final Thread restoreAtExit = new Thread(this::restore, "restore-rt-throttling");

    RtThrottlingOff() throws IOException {
        Runtime.getRuntime().addShutdownHook(restoreAtExit);
        try {
            switchOff(SYSCTL);
            Machine.system().cgroups().filter(h -> h.hasRtGroupScheduling())
                    .map(h -> h.mount().resolve("cpu.rt_runtime_us")).ifPresent(this::switchOffUnchecked);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void switchOff(Path file) throws IOException {
        String original = read(file);
        if (!original.matches("-?\\d+")) {
            throw new IOException(file + " holds '" + original + "', not a number; leaving it alone");
        }
        files.add(0, file);
        originals.add(0, original);
        Files.writeString(file, "-1", StandardCharsets.US_ASCII);
    }

    /**
     * The file's text, read to its end: {@code Files.readString} read "9" from a /proc/sys file that
     * holds 950000 (it trusts the size procfs reports).
     */
    static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
        }
    }

    private void switchOffUnchecked(Path file) {
        try {
            switchOff(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot switch off RT throttling in " + file, e);
        }
    }

    private synchronized void restore() {
        IllegalStateException failure = null;
        for (int i = 0; i < files.size(); i++) {
            try {
                Files.writeString(files.get(i), originals.get(i), StandardCharsets.US_ASCII);
            } catch (IOException e) {
                if (failure == null) {
                    failure = new IllegalStateException("could not put back " + files.get(i) + " = " + originals.get(i)
                            + "; do it by hand", e);
                }
            }
        }
        files.clear();
        originals.clear();
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public void close() {
        try {
            restore();
        } finally {
            Runtime.getRuntime().removeShutdownHook(restoreAtExit);
        }
    }
}
