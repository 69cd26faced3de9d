package dev.lachesis.translators.kernel;

import java.util.Locale;

/**
 * The Linux scheduling policies a thread can have ({@code sched(7)}), with the numbers the kernel
 * uses in {@code sched_setscheduler(2)} and in field 41 of {@code /proc/<pid>/task/<tid>/stat}.
 * The numbers come from the kernel's UAPI header and are the same on every architecture.
 */
public enum SchedPolicy {
    OTHER(0), FIFO(1), RR(2), BATCH(3), IDLE(5), DEADLINE(6);

    private final int code;

    SchedPolicy(int code) {
        this.code = code;
    }

    /** The kernel's number for the policy. */
    public int code() {
        return code;
    }

    /** Whether threads of this policy take a real-time priority 1–99. */
    public boolean isRealTime() {
        return this == FIFO || this == RR;
    }

    /** The policy with the kernel's number {@code code}. */
    public static SchedPolicy of(int code) {
        for (SchedPolicy p : values()) {
            if (p.code == code) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown scheduling policy " + code);
    }

    /** The name as {@code chrt} and {@code sched(7)} write it, e.g. {@code SCHED_RR}. */
    public String schedName() {
        return "SCHED_" + name().toUpperCase(Locale.ROOT);
    }
}
