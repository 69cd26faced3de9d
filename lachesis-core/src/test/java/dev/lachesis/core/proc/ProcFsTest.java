package dev.lachesis.core.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcFsTest {
    @TempDir
    Path proc;

    @Test
    void placesAProcessStartOnTheWallClockThroughTheUptime() throws IOException {
        Files.createDirectories(proc.resolve("77"));
        // Started 250.50 s after boot; the machine has been up 1000.25 s.
        Files.writeString(proc.resolve("77/stat"), "77 (java) S 1 77 77 0 -1 0 0 0 0 0 0 0 0 0 20 0 30 0 25050 "
                + "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0");
        Files.writeString(proc.resolve("uptime"), "1000.25 1900.00\n");

        assertThat(new ProcFs(proc).startEpochSeconds(77, Instant.ofEpochSecond(1_800_000_000L)))
                .hasValueSatisfying(s -> assertThat(s).isCloseTo(1_800_000_000.0 - 1000.25 + 250.5, within(1e-6)));
        assertThat(new ProcFs(proc).startEpochSeconds(78, Instant.ofEpochSecond(1_800_000_000L))).isEmpty();
    }

    @Test
    void listsProcessesAndThreadsByAscendingIdAndNothingElse() throws IOException {
        for (String entry : List.of("1200/task/1200", "1200/task/1213", "1200/task/1201", "31/task/31",
                "self", "sys", "12345678901")) {
            Files.createDirectories(proc.resolve(entry));
        }
        Files.writeString(proc.resolve("uptime"), "1000.25 1900.00\n");
        ProcFs procFs = new ProcFs(proc);

        assertThat(procFs.pids()).containsExactly(31, 1200);
        assertThat(procFs.tids(1200)).containsExactly(1200, 1201, 1213);
        assertThat(procFs.tids(77)).as("gone").isEmpty();
    }

    @Test
    void readsANumericKernelSettingAndNothingWhenItIsMissingOrNotANumber() throws IOException {
        Files.createDirectories(proc.resolve("sys/kernel"));
        Files.writeString(proc.resolve("sys/kernel/sched_rt_runtime_us"), "-1\n");
        Files.writeString(proc.resolve("sys/kernel/sched_rt_period_us"), "1000000\n");
        Files.writeString(proc.resolve("sys/kernel/osrelease"), "6.18.44\n");
        ProcFs procFs = new ProcFs(proc);

        assertThat(procFs.kernelSetting("sched_rt_runtime_us")).hasValue(-1);
        assertThat(procFs.kernelSetting("sched_rt_period_us")).hasValue(1_000_000);
        assertThat(procFs.kernelSetting("osrelease")).isEmpty();
        assertThat(procFs.kernelSetting("sched_rr_timeslice_ms")).isEmpty();
    }

    @Test
    void namesTheCallingThreadAsTheKernelDoesAndNothingWithoutTheLink() throws IOException {
        String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        int tid = Integer.parseInt(stat.substring(0, stat.indexOf(' ')));

        assertThat(ProcFs.system().callingThreadId()).contains(tid);
        assertThat(new ProcFs(proc).callingThreadId()).isEmpty();
    }

    @Test
    void readsAWholeKernelSettingOfTheMachinesProcNotJustItsFirstDigit() {
        assertThat(ProcFs.system().kernelSetting("pid_max").orElseThrow()).isGreaterThan(ProcessHandle.current().pid());
    }

    @Test
    void countsAThreadsSleepsFromItsStatus() throws IOException {
        Files.createDirectories(proc.resolve("1200/task/1213"));
        Files.writeString(proc.resolve("1200/task/1213/status"), "Name:\tThread-42-heavy\nState:\tR (running)\n"
                + "voluntary_ctxt_switches:\t4711\nnonvoluntary_ctxt_switches:\t93\n");

        assertThat(new ProcFs(proc).voluntarySwitches(1200, 1213)).hasValue(4711);
        assertThat(new ProcFs(proc).voluntarySwitches(1200, 1214)).as("a thread that is gone").isEmpty();
    }

    @Test
    void aThreadThatSleptHasVoluntarySwitchesInTheMachinesProc() throws InterruptedException {
        int pid = (int) ProcessHandle.current().pid();
        int tid = ProcFs.system().callingThreadId().orElseThrow();
        long before = ProcFs.system().voluntarySwitches(pid, tid).orElseThrow();

        Thread.sleep(1);

        assertThat(ProcFs.system().voluntarySwitches(pid, tid).orElseThrow()).isGreaterThan(before);
    }

    @Test
    void seesThisJvmInTheMachinesProc() {
        int pid = (int) ProcessHandle.current().pid();

        assertThat(ProcFs.system().pids()).contains(pid);
        assertThat(ProcFs.system().tids(pid)).contains(pid).hasSizeGreaterThan(1);
    }

    @Test
    void thisJvmStartedJustBeforeItsRuntimeSaysItDid() {
        double jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime() / 1000.0;

        double processStart = ProcFs.system().startEpochSeconds((int) ProcessHandle.current().pid(), Instant.now())
                .orElseThrow();

        // The launcher runs before the VM notes its start. /proc counts in 10 ms ticks from boot, and the
        // wall clock the boot time is taken from may have been slewed since: half a second either way
        // still tells a wrong tick rate or boot time, which would be off by far more.
        assertThat(jvmStart - processStart).isBetween(-0.5, 5.0);
    }
}
