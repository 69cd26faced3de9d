package dev.lachesis.it.dist;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Debian root file system booted by {@code systemd-nspawn --boot}, with systemd as its PID 1, so a
 * test can install the .deb and drive the unit as on a real machine. It shares the host's network
 * (an SPE inside reaches a port the test picked); commands run inside through {@code nsenter}, in
 * all of the container's namespaces. Closing powers it off.
 */
final class SystemdContainer implements AutoCloseable {
    private static final Duration POWER_OFF = Duration.ofSeconds(60);
    /** A command's exit code and its standard output and error, merged. */
    record Result(int exit, String output) {
    }

    private final Process nspawn;
    private final long init;

    private SystemdContainer(Process nspawn, long init) {
        this.nspawn = nspawn;
        this.init = init;
    }

    /**
     * Boots {@code rootfs} with each host directory of {@code readOnly} bound read-only at the path it
     * maps to, and waits for the boot to end; the console goes to {@code console}.
     */
    static SystemdContainer boot(Path rootfs, Map<Path, String> readOnly, Path console) throws IOException {
        List<String> command = new ArrayList<>(List.of("systemd-nspawn", "--register=no", "--keep-unit", "--quiet",
                "--directory=" + rootfs, "--boot"));
        readOnly.forEach((host, inside) -> command.add("--bind-ro=" + host + ":" + inside));
        Process nspawn = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        long init;
        try {
            init = await("systemd-nspawn's child, the container's PID 1").atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(100))
                    .failFast("systemd-nspawn exited", () -> !nspawn.isAlive())
                    .until(() -> nspawn.children().filter(child -> child.info().command().orElse("").endsWith("systemd"))
                            .map(ProcessHandle::pid).findFirst(), Optional::isPresent).orElseThrow();
        } catch (RuntimeException e) {
            nspawn.destroyForcibly();
            throw e;
        }
        SystemdContainer container = new SystemdContainer(nspawn, init);
        // systemctl answers once PID 1 has opened its bus socket; --wait then waits for the boot to end.
        try {
            await("the container's boot").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> container.exec("systemctl", "is-system-running", "--wait").output().strip(),
                            state -> state.matches("running|degraded"));
        } catch (RuntimeException e) {
            container.close();
            throw e;
        }
        return container;
    }

    /** Runs {@code command} inside and waits for it. */
    Result exec(String... command) throws IOException, InterruptedException {
        Process process = start(command);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }

    /** Starts {@code command} inside; its standard output and error, merged, are the process's input stream. */
    Process start(String... command) throws IOException {
        List<String> inside = new ArrayList<>(List.of("nsenter", "--target=" + init, "--all", "--"));
        inside.addAll(List.of(command));
        return new ProcessBuilder(inside).redirectErrorStream(true).start();
    }

    /** Powers the container off, or kills it if it is still up a minute later (or this thread is interrupted). */
    @Override
    public void close() throws IOException {
        try {
            exec("systemctl", "poweroff");
            if (!nspawn.waitFor(POWER_OFF.toSeconds(), TimeUnit.SECONDS)) {
                nspawn.destroyForcibly();
            }
        } catch (InterruptedException e) {
            nspawn.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
