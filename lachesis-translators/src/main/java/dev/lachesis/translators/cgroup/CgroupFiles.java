package dev.lachesis.translators.cgroup;

/**
 * The names of the cgroup files Lachesis reads and writes, in one place: the kernel's interface,
 * spelled once ({@code Documentation/admin-guide/cgroup-v1/} and {@code cgroup-v2.rst}).
 */
public final class CgroupFiles {
    /** v1: the threads of a group, one tid per write. */
    public static final String TASKS = "tasks";
    /** v1 and v2: the processes of a group, one pid per write (a whole process moves). */
    public static final String PROCS = "cgroup.procs";
    /** v2: the threads of a threaded group. */
    public static final String THREADS = "cgroup.threads";
    /** v2: a group's type; {@code threaded} lets its threads be placed one by one. */
    public static final String TYPE = "cgroup.type";
    /** v2: the controllers a group hands to its children, e.g. {@code +cpu}. */
    public static final String SUBTREE_CONTROL = "cgroup.subtree_control";
    /** v2: the controllers a group has. */
    public static final String CONTROLLERS = "cgroup.controllers";
    /** v1: a group's CPU weight, 2 to 262144. */
    public static final String SHARES = "cpu.shares";
    /** v2: a group's CPU weight, 1 to 10000. */
    public static final String WEIGHT = "cpu.weight";
    /** v1 with real-time group scheduling: microseconds of real time a group may use per period. */
    public static final String RT_RUNTIME = "cpu.rt_runtime_us";
    /** v1 with real-time group scheduling: the period the runtime is counted over, microseconds. */
    public static final String RT_PERIOD = "cpu.rt_period_us";

    private CgroupFiles() {
    }
}
