package dev.lachesis.translators;

import dev.lachesis.translators.kernel.Errno;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.SchedPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A kernel that records every call as a line ({@code setNice 12 -20}, {@code write /x/tasks 12}),
 * keeps per-thread values, writes control files into a temporary tree, and fails on demand.
 */
public final class RecordingKernel implements Kernel {
    public final List<String> calls = new ArrayList<>();
    public final Map<Integer, Integer> nices = new HashMap<>();
    public final Map<Integer, SchedPolicy> policies = new HashMap<>();
    public final Map<Integer, Integer> priorities = new HashMap<>();
    public final Map<Integer, Integer> failTid = new HashMap<>();
    public final Map<String, Integer> failWrite = new HashMap<>();
    /** Run before each change, e.g. to check the journal already holds the thread. */
    public Consumer<Integer> beforeChange = tid -> { };

    private void check(String call, int tid) throws KernelException {
        Integer errno = failTid.get(tid);
        if (errno != null) {
            throw KernelException.of(call, errno);
        }
    }

    @Override
    public synchronized int nice(int tid) throws KernelException {
        check("getpriority", tid);
        return nices.getOrDefault(tid, 0);
    }

    @Override
    public synchronized void setNice(int tid, int nice) throws KernelException {
        beforeChange.accept(tid);
        check("setpriority(tid=" + tid + ")", tid);
        calls.add("setNice " + tid + " " + nice);
        nices.put(tid, nice);
    }

    @Override
    public synchronized SchedPolicy policy(int tid) throws KernelException {
        check("sched_getscheduler", tid);
        return policies.getOrDefault(tid, SchedPolicy.OTHER);
    }

    @Override
    public synchronized int rtPriority(int tid) throws KernelException {
        check("sched_getparam", tid);
        return priorities.getOrDefault(tid, 0);
    }

    @Override
    public synchronized void setScheduler(int tid, SchedPolicy policy, int rtPriority) throws KernelException {
        beforeChange.accept(tid);
        check("sched_setscheduler(tid=" + tid + ")", tid);
        calls.add("setScheduler " + tid + " " + policy + " " + rtPriority);
        policies.put(tid, policy);
        priorities.put(tid, rtPriority);
    }

    @Override
    public synchronized void setAffinity(int tid, int cpu) throws KernelException {
        check("sched_setaffinity(tid=" + tid + ")", tid);
        calls.add("setAffinity " + tid + " " + cpu);
    }

    @Override
    public int currentTid() {
        return 1;
    }

    @Override
    public synchronized void writeControlFile(Path file, String value) throws KernelException {
        for (Map.Entry<String, Integer> f : failWrite.entrySet()) {
            if (file.toString().endsWith(f.getKey())) {
                throw KernelException.of("write(" + file + ", \"" + value + "\")", f.getValue());
            }
        }
        calls.add("write " + file + " " + value);
        try {
            Files.writeString(file, value);
        } catch (IOException e) {
            throw KernelException.of("write(" + file + ")", Errno.ENOENT);
        }
    }

    @Override
    public synchronized void makeGroup(Path dir) {
        calls.add("mkdir " + dir);
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("cpu.rt_runtime_us"), "0");
            Files.writeString(dir.resolve("cpu.rt_period_us"), "1000000");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void removeGroup(Path dir) {
        calls.add("rmdir " + dir);
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void sendDatagram(String address, byte[] message) {
        calls.add("sendto " + address + " " + new String(message, StandardCharsets.UTF_8));
    }

    public synchronized List<String> callsStartingWith(String prefix) {
        return calls.stream().filter(c -> c.startsWith(prefix)).toList();
    }
}
