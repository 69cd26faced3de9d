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
    void severalSweepsMakeOneTableInTheOutDirectoryWithAColumnForEach() throws Exception {
        Path storm = Files.createDirectories(dir.resolve("storm-etl"));
        Path flink = Files.createDirectories(dir.resolve("flink-etl"));
        Files.writeString(storm.resolve("measurements.csv"), HEADER
                + "storm,etl,park,1000,OS,1,60,800,5,4,9,50,40,90,0.9,NaN,NaN,NaN,NaN\n"
                + "storm,etl,park,1000,LACHESIS-MOD-RT,1,60,1000,5,4,9,20,15,40,0.4,0.003,4,8,60\n");
        Files.writeString(flink.resolve("measurements.csv"), HEADER
                + "flink,etl,none,1000,OS,1,60,800,5,4,9,50,40,90,0.9,NaN,NaN,NaN,NaN\n"
                + "flink,etl,none,1000,LACHESIS-MOD-RT,1,60,400,5,4,9,20,15,40,0.4,0.003,4,8,60\n");
        Path table = dir.resolve("table1");

        int exit = bench.run("report", "--in", storm.toString(), "--in", flink.toString(), "--out", table.toString(),
                "--paper-table");

        assertThat(exit).as(bench.err()).isZero();
        assertThat(table.resolve("table1.md")).exists();
        assertThat(storm.resolve("table1.md")).doesNotExist();
        assertThat(bench.out()).contains("| MOD-RT vs OS | Throughput | **+25.0%** (paper +38%) |")
                .containsPattern("\\| MOD-RT vs OS \\| Throughput \\| \\*\\*\\+25\\.0%\\*\\*.*\\*\\*-50\\.0%\\*\\*");
    }

    @Test
    void aRunInTwoSweepsIsRefusedNamingBothFiles() throws Exception {
        Path first = Files.createDirectories(dir.resolve("first"));
        Path second = Files.createDirectories(dir.resolve("second"));
        String row = "storm,etl,park,1000,OS,1,60,800,5,4,9,50,40,90,0.9,NaN,NaN,NaN,NaN\n";
        Files.writeString(first.resolve("measurements.csv"), HEADER + row);
        Files.writeString(second.resolve("measurements.csv"), HEADER + row);

        int exit = bench.run("report", "--in", first.toString(), "--in", second.toString(), "--out",
                dir.resolve("both").toString());

        assertThat(exit).isEqualTo(CommandLine.ExitCode.SOFTWARE);
        assertThat(bench.err()).startsWith("lachesis-bench: " + second.resolve("measurements.csv") + " repeats the run ")
                .contains(first.resolve("measurements.csv").toString());
    }

    @Test
    void severalSweepsWithoutOutAreAUsageError() throws Exception {
        int exit = bench.run("report", "--in", dir.toString(), "--in", dir.toString());

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--in was given 2 times: say with --out where");
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
