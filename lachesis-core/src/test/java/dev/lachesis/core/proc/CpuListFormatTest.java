package dev.lachesis.core.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel's CPU lists, as /proc writes them and as users type them for taskset. */
class CpuListFormatTest {
    @TempDir
    Path proc;

    @Test
    void readsSingleCpusAndRangesAsProcStatusWritesThem() {
        assertThat(CpuListFormat.parse("0")).containsExactly(0);
        assertThat(CpuListFormat.parse("0-3,8,10-11\n")).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(CpuListFormat.parse("")).isEmpty();
    }

    @Test
    void aTextThatIsNoCpuListIsNamed() {
        assertThatThrownBy(() -> CpuListFormat.parse("one")).hasMessage("'one' is not a CPU list such as 0 or 1-3");
        assertThatThrownBy(() -> CpuListFormat.parse("3-1")).hasMessage("'3-1' has a bad range '3-1'");
    }

    @Test
    void theCpusProcessesMayRunOnAreTheUnionOfTheirListsAndAGoneOrGarbledOneAddsNone() throws Exception {
        status(10, "Name:\tjava\nCpus_allowed_list:\t0-1\n");
        status(11, "Cpus_allowed_list:\t3\n");
        status(12, "Cpus_allowed_list:\tx,2\n");

        assertThat(new ProcFs(proc).allowedCpus(List.of(10, 11, 12, 13))).containsExactly(0, 1, 3);
    }

    private void status(int pid, String text) throws Exception {
        Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(proc.resolve(pid + "/status"), text);
    }
}
