package dev.lachesis.translators.bench;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.translators.NiceTranslatorFactory;
import dev.lachesis.translators.RealTimeTranslatorFactory;
import dev.lachesis.translators.ThreadTranslator;
import dev.lachesis.translators.it.ChildJvm;
import dev.lachesis.translators.it.ThreadsChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Applying new priorities to 1,000 threads of a child process through the translators (JNA
 * syscalls) against forking {@code renice}/{@code chrt} once per thread, as the original Lachesis
 * does: same threads, same run. Every round reverses the priorities, so every thread's value changes.
 * Prints the time per full apply and the ratio. Not a test (it asserts nothing); run it with
 * {@code lachesis-translators/bench.sh}.
 */
public final class ApplyBenchmark {
    private static final int THREADS = 1_000;
    private static final int ROUNDS = 200;

    private ApplyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path journal = Files.createTempDirectory("lachesis-bench").resolve("journal");
        try (ChildJvm child = ChildJvm.start(List.of(), ThreadsChild.class, "sleepers:" + THREADS)) {
            List<Integer> tids = new ArrayList<>(child.tids().values());
            System.out.printf("child %d with %d threads; %d rounds per translator%n", child.pid(), tids.size(), ROUNDS);
            benchmark("nice", new NiceTranslatorFactory(), "{}", child.pid(), tids, journal,
                    (tid, value) -> List.of("renice", "-n", Long.toString(value), "-p", Integer.toString(tid)));
            benchmark("rr", new RealTimeTranslatorFactory(), "{watchdog: {enabled: false}}", child.pid(), tids, journal,
                    (tid, value) -> List.of("chrt", "-r", "-p", Long.toString(value), Integer.toString(tid)));
        }
    }

    private interface Fork {
        List<String> command(int tid, long value);
    }

    private static void benchmark(String name, dev.lachesis.core.spi.TranslatorFactory factory, String settings, int pid,
                                  List<Integer> tids, Path journal, Fork fork) throws Exception {
        try (ThreadTranslator translator = (ThreadTranslator) factory.create(new TranslatorContext("bench",
                ConfigNode.ofYaml("s", settings), ConfigNode.empty("cgroups"), journal))) {
            long firstStart = System.nanoTime();
            TranslationPlan first = translator.apply(translator.plan(schedule(pid, tids, false)));
            long firstNanos = System.nanoTime() - firstStart;
            long[] perApply = new long[ROUNDS];
            long[] cpuPerApply = new long[ROUNDS];
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            for (int r = 0; r < ROUNDS; r++) {
                TranslationPlan plan = translator.plan(schedule(pid, tids, r % 2 == 0));
                long cpuStart = mx.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                translator.apply(plan);
                perApply[r] = System.nanoTime() - start;
                cpuPerApply[r] = mx.getCurrentThreadCpuTime() - cpuStart;
            }
            Arrays.sort(perApply);
            Arrays.sort(cpuPerApply);
            long median = perApply[ROUNDS / 2];

            // the original's way: one process per changed thread, same threads, same values
            TranslationPlan plan = translator.plan(schedule(pid, tids, true));
            long forkStart = System.nanoTime();
            for (var t : plan.threads()) {
                Process p = new ProcessBuilder(fork.command(t.entry().thread().ref().tid(), t.value()))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
                if (p.waitFor() != 0) {
                    throw new IllegalStateException(fork.command(t.entry().thread().ref().tid(), t.value()) + " failed");
                }
            }
            long forkNanos = System.nanoTime() - forkStart;
            System.out.printf("%s: first apply with journal %.2f ms (%d threads); apply of %d changed threads: median %.3f ms,"
                            + " p90 %.3f ms, min %.3f ms, median CPU %.3f ms; forking %s per thread: %.0f ms (%.2f ms per"
                            + " thread); translator is %.0fx faster (median vs median)%n",
                    name, firstNanos / 1e6, first.threads().size(), tids.size(), median / 1e6, perApply[ROUNDS * 9 / 10] / 1e6,
                    perApply[0] / 1e6, cpuPerApply[ROUNDS / 2] / 1e6, fork.command(0, 0).get(0), forkNanos / 1e6, forkNanos / 1e6 / tids.size(),
                    (double) forkNanos / median);
        }
    }

    /**
     * Distinct priorities in two bands far apart (0..999 and 10,000..10,999); each thread switches band
     * every round, so its OS value (nice or RT priority) changes every round.
     */
    private static SinglePrioritySchedule schedule(int pid, List<Integer> tids, boolean flipped) {
        List<ThreadPriority> entries = new ArrayList<>(tids.size());
        for (int i = 0; i < tids.size(); i++) {
            JvmThread t = new JvmThread(new ThreadRef(pid, tids.get(i)), "sleeper-" + i);
            double p = ((i % 2 == 0) != flipped) ? 10_000 + i : i;
            entries.add(new ThreadPriority("bench", OperatorThread.main(t, "q", "op" + i), p, Map.of()));
        }
        return new SinglePrioritySchedule("bench", entries, OptionalDouble.empty());
    }
}
