package dev.lachesis.translators;

/**
 * The one-line fix for a kernel's "not permitted", shown once per translator instead of once per
 * thread per round.
 */
public final class PermissionAdvice {
    private PermissionAdvice() {
    }

    /** For lowering nice values. */
    public static String forNice() {
        return "run lachesis as root or give it CAP_SYS_NICE (setcap cap_sys_nice+ep on the java binary;"
                + " AmbientCapabilities=CAP_SYS_NICE in its systemd unit; docker run --cap-add SYS_NICE), or raise"
                + " RLIMIT_NICE (LimitNICE= in the unit, ulimit -e)";
    }

    /** For SCHED_RR/SCHED_FIFO. */
    public static String forRealTime() {
        return "run lachesis as root or give it CAP_SYS_NICE (AmbientCapabilities=CAP_SYS_NICE in its systemd unit;"
                + " docker run --cap-add SYS_NICE --cpu-rt-runtime=950000 --ulimit rtprio=99), or raise RLIMIT_RTPRIO"
                + " (LimitRTPRIO= in the unit); with cgroup v1 RT group scheduling the thread's cgroup also needs"
                + " cpu.rt_runtime_us > 0";
    }

    /** For writing cgroup files. */
    public static String forCgroups() {
        return "run lachesis as root, or delegate the cgroup subtree to its user (systemd Delegate=yes), or mount"
                + " the cgroup file system read-write in the container";
    }
}
