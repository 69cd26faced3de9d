package dev.lachesis.core.discovery;

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
import java.util.concurrent.TimeUnit;

/**
 * A {@link NamedThreadsChild} running in its own JVM, started with this JVM's {@code java} and the
 * test classes, optionally under a wrapper command ({@code setpriv} to run it as another user).
 * Knows each named thread's native id as the thread itself read it. Closing it ends the child.
 */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final BufferedReader out;
    private final Writer in;
    private final Map<Integer, String> namesByTid = new LinkedHashMap<>();

    private ChildJvm(Process process) {
        this.process = process;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    static ChildJvm start(List<String> wrapper, List<String> jvmOptions, List<String> threadNames) throws Exception {
        List<String> command = new ArrayList<>(wrapper);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(Path.of(NamedThreadsChild.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString());
        command.add(NamedThreadsChild.class.getName());
        command.addAll(threadNames);
        Process process = new ProcessBuilder(command)
                .directory(Path.of(System.getProperty("java.io.tmpdir")).toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        ChildJvm child = new ChildJvm(process);
        try {
            child.readUntilReady();
        } catch (IOException | RuntimeException e) {
            child.close();
            throw e;
        }
        return child;
    }

    int pid() {
        return (int) process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Native thread id → name of every thread the child started. */
    Map<Integer, String> namesByTid() {
        return namesByTid;
    }

    /** Makes the child start one more thread and waits until it runs. */
    void spawn(String name) throws IOException {
        in.write("spawn " + name + "\n");
        in.flush();
        readUntilReady();
    }

    private void readUntilReady() throws IOException {
        for (String line = out.readLine(); ; line = out.readLine()) {
            if (line == null) {
                throw new IllegalStateException("child JVM exited before it was ready");
            }
            if (line.equals("ready")) {
                return;
            }
            int tab = line.indexOf('\t');
            namesByTid.put(Integer.parseInt(line.substring(0, tab)), line.substring(tab + 1));
        }
    }

    @Override
    public void close() throws IOException {
        try {
            in.close();
        } finally {
            stop();
        }
    }

    private void stop() {
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
