package dev.lachesis.discovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * The child JVM of the discovery tests: starts one parked thread per argument, named by it, and
 * prints each thread's native id, read by the thread itself from {@code /proc/thread-self/stat},
 * with its name ({@code thread <tid> <name>}), then {@code ready}. Each line {@code spawn <name>} on
 * standard input starts one more such thread; end of input ends the process, so a child never
 * outlives its test.
 */
public final class NamedThreadsChild {
    private NamedThreadsChild() {
    }

    public static void main(String[] names) throws Exception {
        for (String name : names) {
            start(name);
        }
        System.out.println("ready");
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = commands.readLine(); line != null; line = commands.readLine()) {
            if (line.startsWith("spawn ")) {
                start(line.substring("spawn ".length()));
                System.out.println("ready");
            }
        }
    }

    private static void start(String name) throws Exception {
        CompletableFuture<Integer> tid = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                String stat = Files.readString(Path.of("/proc/thread-self/stat"));
                tid.complete(Integer.parseInt(stat.substring(0, stat.indexOf(' '))));
            } catch (IOException | RuntimeException e) {
                tid.completeExceptionally(e);
            }
            while (true) {
                LockSupport.park();
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        System.out.println("thread " + tid.get() + " " + name);
    }
}
