package dev.lachesis.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {
    private static final String HEADER = "spe,query,wait_strategy,rate,mode,rep,seconds,throughput,latency_mean_ms,"
            + "latency_p50_ms,latency_p99_ms,e2e_mean_ms,e2e_p50_ms,e2e_p99_ms,goal_cv,daemon_cpu_share,round_p50_ms,"
            + "round_p99_ms,rounds\n";

    @TempDir
    Path dir;

    private final BenchRun bench = new BenchRun();

    @Test
    void writesTheSummaryChartsAndPaperTableIntoTheSweepDirectory() throws Exception {
        Files.writeString(dir.resolve("measurements.csv"), HEADER
                + "storm,etl,progressive,1000,OS,1,60,800,5,4,9,50,40,90,0.9,NaN,NaN,NaN,NaN\n"
                + "storm,etl,progressive,1000,LACHESIS-MOD-RT,1,60,1000,5,4,9,20,15,40,0.4,0.003,4,8,60\n");

        int exit = bench.run("report", "--in", dir.toString(), "--paper-table");

        assertThat(exit).as(bench.err()).isZero();
        assertThat(dir.resolve("summary.csv")).exists();
        assertThat(dir.resolve("storm-etl-progressive-e2e-latency.png")).exists();
        assertThat(dir.resolve("table1.md")).exists();
        assertThat(dir.resolve("ratios.md")).exists();
        assertThat(bench.out()).contains(dir.resolve("summary.csv").toString())
                .contains("| LACHESIS-MOD-RT | – | ×1.250 (1 rep, no interval) | ×0.400 (1 rep, no interval) | 1 |")
                .contains("| MOD-RT vs OS | Throughput | **+25.0%** (paper +38%) |");
    }

    @Test
    void withoutPaperTableWritesNoTable() throws Exception {
        Files.writeString(dir.resolve("measurements.csv"), HEADER
                + "storm,etl,progressive,1000,OS,1,60,800,5,4,9,50,40,90,0.9,NaN,NaN,NaN,NaN\n");

        assertThat(bench.run("report", "--in", dir.toString())).isZero();

        assertThat(dir.resolve("table1.md")).doesNotExist();
        assertThat(dir.resolve("summary.csv")).exists();
    }

    @Test
    void badInputIsOneLineOnStandardError() throws Exception {
        Path file = dir.resolve("measurements.csv");
        Files.writeString(file, HEADER + "storm,etl,progressive,1000,OS,1,60,lots,5,4,9,50,40,90,0.9,NaN,NaN,NaN,NaN\n");

        int exit = bench.run("report", "--in", dir.toString());

        assertThat(exit).isEqualTo(CommandLine.ExitCode.SOFTWARE);
        assertThat(bench.err()).isEqualTo("lachesis-bench: " + file
                + ":2: column 8 (throughput) was 'lots' but must be a number (or NaN)" + System.lineSeparator());
    }

    @Test
    void aDirectoryThatDoesNotExistIsAUsageError() {
        int exit = bench.run("report", "--in", dir.resolve("missing").toString());

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--in was '" + dir.resolve("missing") + "' but is not a directory");
    }
}
