package dev.lachesis.core.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one way tests (and the benchmarks, through this test-jar) run a process whose threads the
 * daemon changes: a test main class in its own JVM, started with this JVM's {@code java} and class
 * path, optionally under a command prefix ({@code taskset -c 1}, {@code setpriv} to run as another
 * user, {@code nice}). The child prints {@code thread <tid> <name>} for each thread it starts and
 * {@code ready}; this class collects the ids until then. Closing it closes the child's standard
 * input (a child exits when it ends) and kills it.
 */
public final class ChildJvm implements AutoCloseable {
    /** The options a child runs with unless the test gives its own: small and quick to start. */
    public static final List<String> SMALL_HEAP = List.of("-Xmx64m", "-XX:+UseSerialGC");

    private final Process process;
    private final BufferedReader reader;
    private final Writer input;
    private final Map<String, Integer> tids = new LinkedHashMap<>();
    private final List<String> output = new ArrayList<>();

    private ChildJvm(Process process) {
        this.process = process;
        this.reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /** Starts {@code mainClass} with {@code args} and the {@link #SMALL_HEAP} options under {@code prefix}. */
    public static ChildJvm start(List<String> prefix, Class<?> mainClass, String... args) throws IOException {
        return start(prefix, SMALL_HEAP, mainClass, args);
    }

    /**
     * Starts {@code mainClass} with {@code args} and {@code jvmOptions} under {@code prefix}, and
     * waits for its {@code ready} line.
     */
    public static ChildJvm start(List<String> prefix, List<String> jvmOptions, Class<?> mainClass, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command)
                .directory(Path.of(System.getProperty("java.io.tmpdir")).toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        ChildJvm child = new ChildJvm(process);
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
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            output.add(line);
            if (line.startsWith("thread ")) {
                String[] fields = line.split(" ", 3);
                tids.put(fields[2], Integer.parseInt(fields[1]));
            }
            if (line.equals(expected)) {
                return;
            }
        }
        throw new IOException("child exited (" + process.onExit().join().exitValue() + ") before printing '"
                + expected + "'; output: " + output);
    }

    /** Writes one command line to the child's standard input and waits for its next {@code ready}. */
    public void command(String line) throws IOException {
        input.write(line + "\n");
        input.flush();
        awaitLine("ready");
    }

    /** Every line the child has printed so far, in order. */
    public List<String> output() {
        return List.copyOf(output);
    }

    public int pid() {
        return (int) process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Thread name → tid, as the child printed them. */
    public Map<String, Integer> tids() {
        return tids;
    }

    /** The tid of the thread the child named {@code name}. */
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
            input.close();
        } catch (IOException e) {
            // the child is killed below either way
            process.destroyForcibly();
        }
        process.destroyForcibly();
        process.onExit().join();
    }
}
