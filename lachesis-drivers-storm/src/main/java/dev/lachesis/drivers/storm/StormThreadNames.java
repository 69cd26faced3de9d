package dev.lachesis.drivers.storm;

import dev.lachesis.discovery.JvmRuntimeThreads;
import dev.lachesis.core.model.ThreadKind;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Storm's thread names, 1.x and 2.x alike. The names are Storm's, captured from real workers:
 * see {@code src/test/resources/storm-2.8.3/threads-*.txt}; the 1.x names are those listed in
 * {@code FACTS.md} for Storm 1.2.3. Threads that neither serve a query nor keep its worker alive
 * (Nimbus, supervisor, blob and log timers, Curator's framework threads) are not recognised.
 * Thread-safe.
 */
public final class StormThreadNames {
    /**
     * {@code Thread-<n>-<component>-executor[<first>, <last>]} in 2.x, {@code …[<first> <last>]} in
     * 1.x. The component is everything between the thread number and {@code -executor[}, so
     * components containing dashes are read whole.
     */
    private static final Pattern EXECUTOR =
            Pattern.compile("Thread-\\d+-(.+)-executor\\[(-?\\d{1,9}),? (-?\\d{1,9})\\]");
    /** 1.x: {@code Thread-<n>-disruptor-executor[<first> <last>]-send-queue}. */
    private static final Pattern EXECUTOR_SENDER =
            Pattern.compile("Thread-\\d+-disruptor-executor\\[(-?\\d{1,9}),? (-?\\d{1,9})\\]-send-queue");
    /** 2.x {@code Worker-Transfer}; 1.x {@code Thread-<n>-disruptor-worker-transfer-queue}. */
    private static final Pattern WORKER_TRANSFER =
            Pattern.compile("Worker-Transfer|Thread-\\d+-disruptor-worker-transfer-queue");
    /**
     * Messaging between workers: Netty server and client threads, and in local mode the
     * {@code LocalClientFlusher-<n>} threads that stand in for Netty.
     */
    private static final Pattern NETWORK = Pattern.compile(
            "Netty-server-.+-(boss|worker)-\\d+|client-worker-\\d+|client-schedule-service-\\d+|LocalClientFlusher-\\d+");
    /**
     * Timers tuples wait for: 2.x flushes partial batches and checks back-pressure; 1.x flushes the
     * disruptor queues (a trigger timer plus a pool that grows when flushes block) and refreshes
     * back-pressure; both run user timers (tick tuples, {@code user-timer}).
     */
    private static final Pattern TIMER = Pattern.compile(
            "flush-tuple-timer|backpressure-check-timer|user-timer|disruptor-flush-trigger|refresh-backpressure-timer");
    /**
     * 1.x's disruptor flush pool: its threads publish overflowed batches into whichever ring they
     * belong to and, when that ring is full, busy-wait ({@code LockSupport.parkNanos(1)}) until its
     * consumer makes room.
     */
    private static final Pattern FLUSH_POOL = Pattern.compile("disruptor-flush-task-pool(-\\d+)?");

    /**
     * The Dropwizard scheduler thread of Storm's {@code GraphiteStormReporter}: it publishes the
     * metrics the daemon schedules by. It serves no tuple, but a policy must rank it with the query:
     * left in SCHED_OTHER beside real-time executors, or ranked below a busy one, it starves and the
     * daemon goes blind, keeping its last priorities while the query stalls (seen in
     * {@code lachesis demo} and in the ETL sweep under the {@code rt} translator).
     */
    private static final Pattern METRICS_REPORTER = Pattern.compile("metrics-graphite-reporter-\\d+-thread-\\d+");
    /**
     * The executor of a Storm 1.x metrics consumer ({@code __metrics<consumer class>}, such as
     * lachesis-storm1-metrics' {@code CarbonMetricsConsumer}): 1.x's counterpart of the reporter
     * thread above, ranked with the query for the same reason.
     */
    private static final String METRICS_CONSUMER_PREFIX = "__metrics";

    /**
     * What keeps the worker alive to its cluster: Storm's heartbeat timers, the ZooKeeper client's
     * session threads ({@code <context>-SendThread(<host>:<port>)}, {@code <context>-EventThread}) and,
     * in a local-mode JVM, the embedded ZooKeeper server's request pipeline and session tracker. Under
     * real-time executors on one core, the in-process ZooKeeper starved for 15 s, the session expired
     * and Storm killed the topology (issue 18's ETL sweep).
     */
    private static final Pattern LIVENESS = Pattern.compile(
            "heartbeat-timer|executor-heartbeat-timer|WorkerHBTimer|HBTimer"
                    + "|.+-SendThread\\(.+\\)|.+-EventThread"
                    + "|SyncThread:\\d+|SessionTracker|ProcessThread\\(.+\\):|RequestThrottler|ConnnectionExpirer"
                    + "|NIOWorkerThread-\\d+|NIOServerCxnFactory\\..+");

    /** Linux keeps the first 15 bytes of a thread's name as its {@code comm}. */
    private static final int COMM_LENGTH = 15;
    private static final String EXECUTOR_PREFIX = "Thread-";

    private StormThreadNames() {
    }

    /**
     * Whether a thread whose kernel name ({@code /proc/<pid>/task/<tid>/comm}) is {@code comm} may be
     * an executor of {@code component}: Storm's executor names are longer than 15 characters, so
     * {@code Thread-43-heavy-executor[2, 2]} reads {@code Thread-43-heavy}, and the component is
     * known only up to the cut. Lets the driver tell which JVM can run a topology without a thread
     * dump. ASCII names only: the kernel cuts bytes, not characters.
     */
    public static boolean mayBeExecutorOf(String comm, String component) {
        if (comm.length() != COMM_LENGTH || !comm.startsWith(EXECUTOR_PREFIX)) {
            return false;
        }
        int end = EXECUTOR_PREFIX.length();
        while (end < comm.length() && comm.charAt(end) >= '0' && comm.charAt(end) <= '9') {
            end++;
        }
        if (end == EXECUTOR_PREFIX.length()) {
            return false;
        }
        if (end == comm.length()) {
            return true;
        }
        return comm.charAt(end) == '-' && (component + "-executor[").startsWith(comm.substring(end + 1));
    }

    /** What the thread named {@code name} is, or empty when it serves no query. */
    public static Optional<StormThread> classify(String name) {
        Matcher m = EXECUTOR_SENDER.matcher(name);
        if (m.matches()) {
            return Optional.of(new StormThread.ExecutorSender(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
        }
        m = EXECUTOR.matcher(name);
        if (m.matches() && m.group(1).startsWith(METRICS_CONSUMER_PREFIX)) {
            return Optional.of(new StormThread.WorkerHelper(ThreadKind.REPORTER, false));
        }
        if (m.matches()) {
            return Optional.of(new StormThread.Executor(m.group(1), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3))));
        }
        if (WORKER_TRANSFER.matcher(name).matches()) {
            return Optional.of(new StormThread.WorkerHelper(ThreadKind.SENDER, true));
        }
        if (NETWORK.matcher(name).matches()) {
            return Optional.of(new StormThread.WorkerHelper(ThreadKind.NETWORK, false));
        }
        if (TIMER.matcher(name).matches()) {
            return Optional.of(new StormThread.WorkerHelper(ThreadKind.TIMER, false));
        }
        if (FLUSH_POOL.matcher(name).matches()) {
            return Optional.of(new StormThread.WorkerHelper(ThreadKind.TIMER, false, true));
        }
        if (METRICS_REPORTER.matcher(name).matches()) {
            return Optional.of(new StormThread.WorkerHelper(ThreadKind.REPORTER, false));
        }
        if (LIVENESS.matcher(name).matches()) {
            return Optional.of(new StormThread.WorkerHelper(ThreadKind.LIVENESS, false));
        }
        if (JvmRuntimeThreads.isRuntime(name)) {
            return Optional.of(new StormThread.WorkerHelper(ThreadKind.RUNTIME, false));
        }
        return Optional.empty();
    }
}
