package dev.lachesis.core.schedule;

/**
 * The two schedule forms of the 2021 paper (§5.3). A policy produces one form; a translator accepts
 * one; configuration validation rejects a pairing that does not match.
 */
public enum ScheduleForm {
    /** thread → real-valued priority, for per-thread mechanisms (nice, SCHED_RR/FIFO). */
    SINGLE_PRIORITY,
    /** group → (priority, threads), for cgroup mechanisms (cpu.shares, cpu.weight). */
    GROUPING
}
