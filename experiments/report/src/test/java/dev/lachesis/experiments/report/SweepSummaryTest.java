package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import dev.lachesis.experiments.mode.SchedulingMode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepSummaryTest {
    private static final String ETL = "storm,etl,progressive";
    private static final Setup ETL_SETUP = new Setup("storm", "etl", "progressive");

    @TempDir
    Path dir;

    @Test
    void averagesEachPointOverItsRepetitions() throws Exception {
        SweepSummary summary = new SweepFixture()
                .run(ETL, 1000, "OS", 1, 900, 100)
                .run(ETL, 1000, "LACHESIS-MOD-RT", 2, 980, 40)
                .run(ETL, 1000, "OS", 2, 950, 120)
                .run(ETL, 1000, "OS", 3, 1000, 140)
                .run(ETL, 1000, "LACHESIS-MOD-RT", 1, 990, 30)
                .summary(dir);

        assertThat(summary.points()).extracting(PointSummary::point).containsExactly(
                new Point(ETL_SETUP, 1000, SchedulingMode.OS), new Point(ETL_SETUP, 1000, SchedulingMode.LACHESIS_MOD_RT));
        PointSummary os = summary.point(ETL_SETUP, 1000, SchedulingMode.OS).orElseThrow();
        assertThat(os.reps()).containsExactly(1, 2, 3);
        // throughput 900, 950, 1000: mean 950, s = 50, t(0.975, 2) = 4.3027: 4.3027 * 50 / sqrt(3) = 124.21
        assertThat(os.estimate(Metric.THROUGHPUT).mean()).isEqualTo(950.0);
        assertThat(os.estimate(Metric.THROUGHPUT).halfWidth()).isCloseTo(124.21, within(0.01));
        assertThat(os.estimate(Metric.E2E_MEAN_MS).mean()).isEqualTo(120.0);
        assertThat(os.estimate(Metric.DAEMON_CPU_SHARE).mean()).isNaN();
        PointSummary modRt = summary.point(ETL_SETUP, 1000, SchedulingMode.LACHESIS_MOD_RT).orElseThrow();
        assertThat(modRt.estimate(Metric.THROUGHPUT).mean()).isEqualTo(985.0);
        assertThat(modRt.estimate(Metric.DAEMON_CPU_SHARE).mean()).isEqualTo(0.003);
    }

    @Test
    void averagesOperatorsPerPoint() throws Exception {
        SweepSummary summary = new SweepFixture()
                .run(ETL, 2000, "LACHESIS-MOD", 1, 1500, 900)
                .operator(ETL, 2000, "LACHESIS-MOD", 1, "parser", 500, -10, "nice")
                .operator(ETL, 2000, "LACHESIS-MOD", 2, "parser", 700, -14, "nice")
                .summary(dir);

        OperatorSummary parser = summary.operators(ETL_SETUP).get(0);
        assertThat(parser.operator()).isEqualTo("parser");
        assertThat(parser.queue().mean()).isEqualTo(600.0);
        assertThat(parser.priority().mean()).isEqualTo(-12.0);
        assertThat(parser.mechanism()).isEqualTo(Mechanism.NICE);
    }

    @Test
    void summaryCsvHoldsMeanAndHalfWidthPerMetric() throws Exception {
        SweepSummary summary = new SweepFixture()
                .run(ETL, 1000, "OS", 1, 900, 100)
                .run(ETL, 1000, "OS", 2, 1000, 100)
                .summary(dir);
        Path file = dir.resolve("summary.csv");

        SummaryCsv.write(summary, file);

        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(2);
        List<String> header = List.of(lines.get(0).split(","));
        List<String> row = List.of(lines.get(1).split(",", -1));
        assertThat(header).startsWith("spe", "query", "wait_strategy", "rate", "mode", "reps", "seconds_mean",
                "seconds_ci95", "throughput_mean", "throughput_ci95");
        assertThat(header).hasSize(6 + 2 * Metric.values().length).hasSameSizeAs(row);
        assertThat(row).startsWith("storm", "etl", "progressive", "1000.0", "OS", "2");
        // 900 and 1000: mean 950, s = 70.711, t(0.975, 1) = 12.7062: 12.7062 * 70.711 / sqrt(2) = 635.31
        assertThat(row.get(header.indexOf("throughput_mean"))).isEqualTo("950.0");
        assertThat(Double.parseDouble(row.get(header.indexOf("throughput_ci95")))).isCloseTo(635.31, within(0.01));
        assertThat(row.get(header.indexOf("e2e_mean_ms_ci95"))).isEqualTo("0.0");
        assertThat(row.get(header.indexOf("daemon_cpu_share_mean"))).isEqualTo("NaN");
    }
}
