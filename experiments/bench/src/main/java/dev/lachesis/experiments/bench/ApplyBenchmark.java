package dev.lachesis.experiments.bench;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.core.spi.TranslatorFactory;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.NiceTranslatorFactory;
import dev.lachesis.translators.ThreadTranslator;
import dev.lachesis.translators.it.ThreadsChild;
import dev.lachesis.translators.realtime.RealTimeTranslatorFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 4's claim, measured: applying new priorities to the 1,000 threads of a child process through
 * a translator (JNA syscalls) against forking {@code renice} / {@code chrt} once per thread, as the
 * original Lachesis does, on the same threads in the same run.
 *
 * <p>Both scores are per thread ({@link OperationsPerInvocation}), in µs, so their quotient is the
 * speed-up and {@code translatorApply}'s score in µs per thread equals the milliseconds of one full
 * apply of 1,000 threads. Each call is sampled ({@link Mode#SampleTime}): on a machine shared with
 * other work the median is the figure to quote, the mean follows whoever else had the CPU. {@code translatorApply} plans and applies a whole schedule each call,
 * alternating two schedules in which every thread moves between a low and a high band, so all 1,000
 * threads change every time. {@code forkPerThread} forks for a sample of {@value #FORK_SAMPLE} threads
 * per call (1,000 forks would take seconds per call), walking through all 1,000 and giving each
 * the other band's value on every visit. The first apply, which journals the threads' originals (and
 * for {@code rt} gives their cgroup an RT budget), happens in the set-up; the translator's close at
 * tear-down restores every thread, which is then checked against {@code /proc}.
 *
 * <p>Run with {@code experiments/bench/run.sh}, as root. The child's threads live one minute
 * ({@link ThreadsChild}), which bounds a trial; a call that finds them gone fails rather than
 * measuring nothing.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class ApplyBenchmark {
    static final int THREADS = 1_000;
    static final int FORK_SAMPLE = 50;

    /** The translator, and the matching command for the fork benchmark. */
    @Param({"nice", "rt"})
    public String mechanism;

    private ReportingChild child;
    private List<Integer> tids;
    private Map<Integer, TaskStat> originals;
    private Path journalDir;
    private ThreadTranslator translator;
    private final SinglePrioritySchedule[] schedules = new SinglePrioritySchedule[2];
    /** The OS value each thread gets in each schedule, by index into {@link #tids}. */
    private final long[][] values = new long[2][];
    private int round;
    private int forkRound;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        child = ReportingChild.start(List.of(), ThreadsChild.class, "sleepers:" + THREADS);
        try {
            tids = List.copyOf(child.tids().values());
            originals = readStats();
            journalDir = Files.createTempDirectory("lachesis-bench");
            translator = mechanism.equals("nice")
                    ? create(new NiceTranslatorFactory(), "{}")
                    : create(new RealTimeTranslatorFactory(), "{watchdog: {enabled: false}}");
            for (int s = 0; s < 2; s++) {
                schedules[s] = schedule(s == 1);
                values[s] = translator.plan(schedules[s]).threads().stream().mapToLong(TranslatedThread::value).toArray();
            }
            checkAllApplied(translator.apply(translator.plan(schedules[1])));
        } catch (Exception | Error e) {
            try {
                tearDown();
            } catch (Exception | Error cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    private ThreadTranslator create(TranslatorFactory factory, String settings) throws Exception {
        return (ThreadTranslator) factory.create(new TranslatorContext("bench", ConfigNode.ofYaml("settings", settings),
                ConfigNode.empty("cgroups"), journalDir.resolve("journal")));
    }

    @Benchmark
    @OperationsPerInvocation(THREADS)
    public TranslationPlan translatorApply() throws TranslatorException {
        return checkAllApplied(translator.apply(translator.plan(schedules[round++ & 1])));
    }

    @Benchmark
    @OperationsPerInvocation(FORK_SAMPLE)
    public void forkPerThread() throws Exception {
        int visits = forkRound * FORK_SAMPLE;
        long[] target = values[(visits / THREADS) & 1];
        int from = visits % THREADS;
        for (int i = from; i < from + FORK_SAMPLE; i++) {
            List<String> command = mechanism.equals("nice")
                    ? List.of("renice", "-n", Long.toString(target[i]), "-p", Integer.toString(tids.get(i)))
                    : List.of("chrt", "-r", "-p", Long.toString(target[i]), Integer.toString(tids.get(i)));
            Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectErrorStream(true).start();
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with " + p.exitValue());
            }
        }
        forkRound++;
    }

    /** Restores every thread through the translator, checks the result in /proc, and stops the child. */
    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try {
            if (translator != null) {
                translator.close();
                translator = null;
                List<String> differ = new ArrayList<>();
                readStats().forEach((tid, now) -> {
                    TaskStat was = originals.get(tid);
                    if (now.nice() != was.nice() || now.policy() != was.policy() || now.rtPriority() != was.rtPriority()) {
                        differ.add(tid + ": nice " + now.nice() + " policy " + now.policy() + " rt " + now.rtPriority()
                                + " (was " + was.nice() + " " + was.policy() + " " + was.rtPriority() + ")");
                    }
                });
                if (!differ.isEmpty()) {
                    throw new IllegalStateException(differ.size() + " threads not restored, e.g. " + differ.get(0));
                }
            }
        } finally {
            if (child != null) {
                child.close();
                child = null;
            }
            if (journalDir != null) {
                Files.deleteIfExists(journalDir.resolve("journal"));
                Files.deleteIfExists(journalDir);
            }
        }
    }

    private Map<Integer, TaskStat> readStats() {
        ProcFs proc = ProcFs.system();
        Map<Integer, TaskStat> stats = new LinkedHashMap<>();
        for (int tid : tids) {
            Optional<TaskStat> stat = proc.taskStat(child.pid(), tid);
            stats.put(tid, stat.orElseThrow(() -> new IllegalStateException("thread " + tid + " of the child is gone")));
        }
        return stats;
    }

    private static TranslationPlan checkAllApplied(TranslationPlan applied) {
        if (applied.threads().size() != THREADS) {
            throw new IllegalStateException("only " + applied.threads().size() + " of " + THREADS
                    + " threads applied: the child's threads are gone (they live one minute)");
        }
        return applied;
    }

    /**
     * Distinct priorities in two bands far apart (0..999 and 10,000..10,999); {@code flipped} swaps
     * every thread's band, which moves its OS value from one end of the range to the other.
     */
    private SinglePrioritySchedule schedule(boolean flipped) {
        List<ThreadPriority> entries = new ArrayList<>(tids.size());
        for (int i = 0; i < tids.size(); i++) {
            JvmThread t = new JvmThread(new ThreadRef(child.pid(), tids.get(i)), "sleeper-" + i);
            double p = ((i % 2 == 0) != flipped) ? 10_000 + i : i;
            entries.add(new ThreadPriority("bench", OperatorThread.main(t, "q", "op" + i), p, Map.of()));
        }
        return new SinglePrioritySchedule("bench", entries, OptionalDouble.empty());
    }
}
