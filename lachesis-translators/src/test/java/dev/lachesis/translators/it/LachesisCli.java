package dev.lachesis.translators.it;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/lachesis} as a test can start it: {@code dev.lachesis.core.cli.Main} in a child JVM
 * with the script's {@code --add-exports} and heap, this module's class path and the test plug-ins of {@code daemon-plugins/} ({@code proc-threads},
 * {@code name-number}), its standard output and error in files of {@code dir}.
 *
 * @param dir where {@code <name>.out} and {@code <name>.err} go
 * @param environment variables added to the child's environment
 * @param prefix a command the JVM runs under, e.g. {@code setpriv} dropping a capability; may be empty
 */
record LachesisCli(Path dir, Map<String, String> environment, List<String> prefix) {
    LachesisCli(Path dir, Map<String, String> environment) {
        this(dir, environment, List.of());
    }

    /** Starts {@code lachesis <args>}; its output goes to {@code <name>.out} and {@code <name>.err}. */
    Process start(String name, String... args) throws IOException {
        Path plugins;
        try {
            plugins = Path.of(LachesisCli.class.getResource("/daemon-plugins/").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "jdk.attach/sun.tools.attach=ALL-UNNAMED", "-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path") + File.pathSeparator + plugins,
                "dev.lachesis.core.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(cmd).redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    /** Runs {@code lachesis <args>} to the end (at most a minute) and returns its exit code. */
    int run(String name, String... args) throws IOException, InterruptedException {
        Process p = start(name, args);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("lachesis " + String.join(" ", args) + " did not end within a minute");
        }
        return p.exitValue();
    }

    /** What the command named {@code name} printed on standard output. */
    String out(String name) throws IOException {
        return read(dir.resolve(name + ".out"));
    }

    /** What the command named {@code name} printed on standard error. */
    String err(String name) throws IOException {
        return read(dir.resolve(name + ".err"));
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file) : "";
    }
}
