package dev.lachesis.drivers.flink;

import dev.lachesis.core.model.ThreadKind;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Flink TaskManager thread's name says about its role (names checked against thread dumps
 * of Flink 1.20.5): a subtask runs in {@code <task name> (<index+1>/<parallelism>)#<attempt>}
 * ({@code #<attempt>} is absent before Flink 1.13); its helpers carry the same suffix behind a
 * prefix: {@code OutputFlusher for } (flushes the output buffers every buffer timeout),
 * {@code Legacy Source Thread - } (emits for a {@code SourceFunction}), {@code System Time Trigger for }
 * and {@code Time Trigger for } (processing-time timers). Task names of a chain join operator names
 * with {@code " -> "}; sources start with {@code Source: }; a sink writer ends with {@code : Writer}.
 * Netty threads ({@code Flink Netty Server/Client …}) carry records between TaskManagers.
 * Immutable.
 *
 * @param taskName the vertex's task name
 * @param index the subtask index, from 0
 * @param parallelism the vertex's parallelism
 * @param attempt the execution attempt, 0 when the name has none
 * @param kind the thread's role
 */
record FlinkThreadName(String taskName, int index, int parallelism, int attempt, ThreadKind kind) {
    private static final Pattern SUBTASK = Pattern.compile("(?<task>.+) \\((?<sub>\\d{1,6})/(?<par>\\d{1,6})\\)(?:#(?<attempt>\\d{1,6}))?");
    private static final String[][] HELPER_PREFIXES = {
        {"OutputFlusher for ", ThreadKind.SENDER.name()},
        {"Legacy Source Thread - ", ThreadKind.SOURCE_READER.name()},
        {"System Time Trigger for ", ThreadKind.TIMER.name()},
        {"Time Trigger for ", ThreadKind.TIMER.name()},
    };

    /** The role and subtask a thread name names, or empty for threads that belong to no subtask. */
    static Optional<FlinkThreadName> parse(String threadName) {
        String rest = threadName;
        ThreadKind kind = ThreadKind.MAIN;
        for (String[] prefix : HELPER_PREFIXES) {
            if (threadName.startsWith(prefix[0])) {
                rest = threadName.substring(prefix[0].length());
                kind = ThreadKind.valueOf(prefix[1]);
                break;
            }
        }
        Matcher m = SUBTASK.matcher(rest);
        if (!m.matches()) {
            return Optional.empty();
        }
        int sub = Integer.parseInt(m.group("sub"));
        int par = Integer.parseInt(m.group("par"));
        if (sub < 1 || sub > par) {
            return Optional.empty();
        }
        int attempt = m.group("attempt") == null ? 0 : Integer.parseInt(m.group("attempt"));
        return Optional.of(new FlinkThreadName(m.group("task"), sub - 1, par, attempt, kind));
    }

    /**
     * Whether the thread is one of Flink's metric threads: the reporter that sends every metric to
     * Graphite, and the updater that turns counters into the per-second rates the daemon reads. Left
     * in SCHED_OTHER beside real-time subtasks they report late or not at all.
     */
    static boolean isMetricReporter(String threadName) {
        return threadName.startsWith("Flink-Metric-Reporter-thread-")
                || threadName.startsWith("Flink-Metric-View-Updater-thread-");
    }

    /** Whether the thread is one of Flink's Netty threads, which move records between TaskManagers. */
    static boolean isNetty(String threadName) {
        return threadName.startsWith("Flink Netty Server") || threadName.startsWith("Flink Netty Client");
    }
}
