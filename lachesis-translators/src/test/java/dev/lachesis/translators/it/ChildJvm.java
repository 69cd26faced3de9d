package dev.lachesis.translators.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A child JVM running a test main class with this JVM's java and class path: started with
 * {@link #start}, its {@code thread <tid> <name>} lines read until {@code ready}, and killed by
 * {@link #close()} (which also closes its stdin, so it exits even if the kill is missed).
 */
public final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Map<String, Integer> tids = new LinkedHashMap<>();
    private final List<String> output = new ArrayList<>();
    private final BufferedReader reader;

    private ChildJvm(Process process) {
        this.process = process;
        this.reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Starts {@code mainClass} with {@code args}, optionally under a command prefix (e.g.
     * {@code taskset -c 1}), and waits for its {@code ready} line.
     */
    public static ChildJvm start(List<String> prefix, Class<?> mainClass, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx64m");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass.getName());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        ChildJvm child = new ChildJvm(p);
        try {
            child.awaitLine("ready");
        } catch (IOException | RuntimeException e) {
            child.close();
            throw e;
        }
        return child;
    }

    /** Reads output lines until one equals {@code expected}, collecting thread ids on the way. */
    public void awaitLine(String expected) throws IOException {
        String line;
        while ((line = reader.readLine()) != null) {
            output.add(line);
            if (line.startsWith("thread ")) {
                String[] f = line.split(" ", 3);
                tids.put(f[2], Integer.parseInt(f[1]));
            }
            if (line.equals(expected)) {
                return;
            }
        }
        throw new IOException("child exited (" + process.onExit().join().exitValue() + ") before printing '" + expected
                + "'; output: " + output);
    }

    public int pid() {
        return (int) process.pid();
    }

    /** Thread name → tid, as the child printed them. */
    public Map<String, Integer> tids() {
        return tids;
    }

    public int tid(String name) {
        Integer tid = tids.get(name);
        if (tid == null) {
            throw new IllegalArgumentException("no thread " + name + " in " + tids);
        }
        return tid;
    }

    public Process process() {
        return process;
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // the child is being killed anyway
            process.destroyForcibly();
        }
        process.destroyForcibly();
        process.onExit().join();
    }
}
