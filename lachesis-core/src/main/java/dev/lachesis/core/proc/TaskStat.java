package dev.lachesis.core.proc;

import java.util.Optional;

/**
 * The fields of {@code /proc/<pid>/task/<tid>/stat} the daemon reads (see {@code proc(5)}). The name
 * runs from the first {@code (} to the <em>last</em> {@code )}: Flink thread names such as
 * {@code Map (1/2)#0} contain parentheses. Immutable.
 *
 * @param tid field 1, the thread id
 * @param comm field 2, the kernel's thread name (at most 15 characters)
 * @param state field 3, e.g. {@code R}, {@code S}
 * @param utimeTicks field 14, user time in clock ticks
 * @param stimeTicks field 15, system time in clock ticks
 * @param nice field 19, the nice value (-20..19)
 * @param startTimeTicks field 22, start time after boot in clock ticks: tells a reused PID from the old one
 * @param rtPriority field 40, the real-time priority (0 for normal threads, 1..99 for SCHED_RR/FIFO)
 * @param policy field 41, the scheduling policy (0 SCHED_OTHER, 1 SCHED_FIFO, 2 SCHED_RR, 3 SCHED_BATCH, 5 SCHED_IDLE)
 */
public record TaskStat(int tid, String comm, char state, long utimeTicks, long stimeTicks, int nice,
                       long startTimeTicks, int rtPriority, int policy) {
    /** The kernel's {@code USER_HZ}, what every architecture Linux exports to user space reports. */
    static final int TICKS_PER_SECOND = 100;

    /** Parses one {@code stat} line; empty when it is not one. */
    public static Optional<TaskStat> parse(String line) {
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        if (open < 0 || close < open) {
            return Optional.empty();
        }
        String[] rest = line.substring(close + 1).strip().split("\\s+");
        // rest[0] is field 3 (state); field n is rest[n - 3].
        if (rest.length < 41 - 2) {
            return Optional.empty();
        }
        try {
            return Optional.of(new TaskStat(
                    Integer.parseInt(line.substring(0, open).strip()),
                    line.substring(open + 1, close),
                    rest[0].charAt(0),
                    Long.parseLong(rest[14 - 3]),
                    Long.parseLong(rest[15 - 3]),
                    Integer.parseInt(rest[19 - 3]),
                    Long.parseLong(rest[22 - 3]),
                    Integer.parseInt(rest[40 - 3]),
                    Integer.parseInt(rest[41 - 3])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** CPU time used so far, in clock ticks. */
    public long cpuTicks() {
        return utimeTicks + stimeTicks;
    }

    /** CPU time used so far (user and system), in seconds. */
    public double cpuSeconds() {
        return cpuTicks() / (double) TICKS_PER_SECOND;
    }
}
