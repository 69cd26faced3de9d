package dev.lachesis.translators.realtime;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.translators.cgroup.CgroupFiles;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.StringJoiner;

/**
 * How long real-time threads may hold a CPU before the kernel throttles them, which bounds how long
 * a SCHED_OTHER thread may legitimately wait for that CPU while they are busy. Two settings bound it:
 * {@code /proc/sys/kernel/sched_rt_runtime_us} of {@code sched_rt_period_us}, and, with cgroup v1 RT
 * group scheduling, the root cpu group's {@code cpu.rt_runtime_us} of {@code cpu.rt_period_us}, which
 * the kernel then enforces instead: on this machine's kernel (6.18, cgroup v1) an RT thread spinning
 * on a CPU kept a canary pinned there waiting 940 ms at a stretch with the sysctl at -1 as with it at
 * 950000, because the root group stayed at 950000. The tighter of the two wins; a runtime of -1, or
 * one as long as its period, does not throttle. Inside a container the cpu mount shows the
 * container's own group as its top, whose budget is not the root's (a sidecar's is far smaller than
 * the SPE's), so there only the sysctl counts. Immutable.
 *
 * @param runtimeUs how long RT threads may run per period, in µs; -1 when nothing throttles them
 * @param periodUs the period, in µs
 * @param source the settings read, for messages
 */
record RtThrottling(long runtimeUs, long periodUs, String source) {
    /** Reads both settings; {@code cgroups} may be {@code null} (no cpu hierarchy). */
    static RtThrottling read(ProcFs proc, CgroupHierarchy cgroups) {
        List<RtThrottling> read = new ArrayList<>();
        OptionalLong runtime = proc.kernelSetting("sched_rt_runtime_us");
        OptionalLong period = proc.kernelSetting("sched_rt_period_us");
        if (runtime.isPresent() && period.isPresent()) {
            read.add(new RtThrottling(runtime.getAsLong(), period.getAsLong(), "sched_rt_runtime_us "
                    + runtime.getAsLong() + " of sched_rt_period_us " + period.getAsLong()));
        }
        Optional<String> top = cgroups == null ? Optional.empty() : cgroups.visibleTop(proc.mountInfo());
        if (top.isPresent() && !top.get().equals("/")) {
            read.add(new RtThrottling(-1, 1_000_000, "the root cpu group is not visible, " + cgroups.mount()
                    + " shows " + top.get()));
        } else if (cgroups != null && cgroups.hasRtGroupScheduling()) {
            OptionalLong groupRuntime = number(cgroups.mount().resolve(CgroupFiles.RT_RUNTIME));
            OptionalLong groupPeriod = number(cgroups.mount().resolve(CgroupFiles.RT_PERIOD));
            if (groupRuntime.isPresent() && groupPeriod.isPresent()) {
                read.add(new RtThrottling(groupRuntime.getAsLong(), groupPeriod.getAsLong(), "cpu.rt_runtime_us "
                        + groupRuntime.getAsLong() + " of cpu.rt_period_us " + groupPeriod.getAsLong()
                        + " of the root cpu group"));
            }
        }
        RtThrottling tightest = null;
        for (RtThrottling t : read) {
            if (t.throttles() && (tightest == null || t.runtimeUs < tightest.runtimeUs)) {
                tightest = t;
            }
        }
        if (tightest != null) {
            return tightest;
        }
        StringJoiner sources = new StringJoiner(", ");
        for (RtThrottling t : read) {
            sources.add(t.source);
        }
        return new RtThrottling(-1, 1_000_000, read.isEmpty() ? "sched_rt_runtime_us unreadable" : sources.toString());
    }

    private static OptionalLong number(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
            return text.matches("-?\\d{1,18}") ? OptionalLong.of(Long.parseLong(text)) : OptionalLong.empty();
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** Whether the kernel stops RT threads before they have held a CPU for a whole period. */
    boolean throttles() {
        return runtimeUs >= 0 && runtimeUs < periodUs;
    }

    /**
     * How long a SCHED_OTHER thread may wait behind busy RT threads: the runtime and one more period
     * when the kernel throttles them, else 0. The period is for a thread that misses the share a
     * period leaves to ordinary threads: RT threads that sleep now and then may never reach the
     * runtime and leave only gaps, which other ordinary threads on the CPU may take. Measured with a
     * thread pinned beside RR threads under 950/1000 throttling: at most 940–1007 ms in synthetic
     * tests, 1509 and 1541 ms on the SPE's CPU in the Storm ETL sweep on the loaded machine.
     */
    long allowanceNanos() {
        return throttles() ? (runtimeUs + periodUs) * 1_000 : 0;
    }

    /** One phrase for logs. */
    String describe() {
        return throttles()
                ? "real-time threads may hold a CPU for " + runtimeUs / 1_000 + " ms of every " + periodUs / 1_000
                        + " ms (" + source + ")"
                : "nothing throttles real-time threads (" + source + ")";
    }
}
