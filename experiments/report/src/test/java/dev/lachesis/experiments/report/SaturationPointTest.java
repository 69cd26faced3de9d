package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lachesis.experiments.mode.SchedulingMode;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SaturationPointTest {
    private static final String ETL = "storm,etl,progressive";
    private static final Setup ETL_SETUP = new Setup("storm", "etl", "progressive");

    @TempDir
    Path dir;

    @Test
    void isTheLowestRateAtWhichOsFallsBelow95PercentOfTheRate() throws Exception {
        SweepSummary summary = new SweepFixture()
                .run(ETL, 1000, "OS", 1, 1000, 10)
                .run(ETL, 1250, "OS", 1, 1200, 10)   // 96%: keeps up
                .run(ETL, 1500, "OS", 1, 1400, 10)   // 93%: saturated
                .run(ETL, 1750, "OS", 1, 1450, 10)
                .run(ETL, 1500, "LACHESIS-MOD-RT", 1, 1000, 10) // other modes do not count
                .summary(dir);

        assertThat(SaturationPoint.of(summary.series(ETL_SETUP, SchedulingMode.OS))).hasValue(1500);
    }

    @Test
    void usesTheMeanOverRepetitions() throws Exception {
        SweepSummary summary = new SweepFixture()
                .run(ETL, 1000, "OS", 1, 1000, 10)
                .run(ETL, 1000, "OS", 2, 880, 10)   // mean 940: 94%
                .run(ETL, 2000, "OS", 1, 1000, 10)
                .summary(dir);

        assertThat(SaturationPoint.of(summary.series(ETL_SETUP, SchedulingMode.OS))).hasValue(1000);
    }

    @Test
    void isAbsentWhenOsKeepsUpAtEveryRate() throws Exception {
        SweepSummary summary = new SweepFixture()
                .run(ETL, 1000, "OS", 1, 999, 10)
                .run(ETL, 2000, "OS", 1, 1900, 10)  // exactly 95%
                .summary(dir);

        assertThat(SaturationPoint.of(summary.series(ETL_SETUP, SchedulingMode.OS))).isEmpty();
    }

    @Test
    void skipsARateWithoutThroughput() throws Exception {
        SweepSummary summary = new SweepFixture()
                .run(ETL, 1000, "OS", 1, Double.NaN, 10)
                .run(ETL, 2000, "OS", 1, 1000, 10)
                .summary(dir);

        assertThat(SaturationPoint.of(summary.series(ETL_SETUP, SchedulingMode.OS))).hasValue(2000);
    }

    @Test
    void judgesAnAggregatingQueryByWhatItsSourceTakesIn() throws Exception {
        String stats = "storm,stats,park";
        SweepSummary summary = new SweepFixture()
                .run(stats, 1000, "OS", 1, 1000, 300, 10)   // the sink sees a third: keeps up
                .run(stats, 2000, "OS", 1, 1980, 600, 10)   // 99% at the source: keeps up
                .run(stats, 3000, "OS", 1, 2500, 750, 10)   // 83%: saturated
                .summary(dir);

        assertThat(SaturationPoint.of(summary.series(new Setup("storm", "stats", "park"), SchedulingMode.OS)))
                .hasValue(3000);
    }
}
