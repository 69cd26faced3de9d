package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OsRatioTableTest {
    private static final String ETL = "storm,etl,park";

    @TempDir
    Path dir;

    /**
     * OS keeps up at 8000 and saturates at 12000 (9000 of 12000 at the sink). STATIC and
     * LACHESIS-DRAIN run at both rates, two repetitions:
     * <pre>
     * rate   rep  OS source/sink/e2e     STATIC source/sink/e2e    DRAIN source/sink/e2e
     * 8000   1    8000 / 7840 / 50        8000 / 7840 / 40          8000 / 7840 / 45
     * 12000  1    9000 / 9000 / 4000      11000 / 10800 / 2000      9900 / 9000 / 4400
     * 12000  2    10000 / 9500 / 5000     11000 / 10450 / 3000      9000 / 9500 / 5500
     * 14000  1    9800 / 9600 / 6000      (no STATIC or DRAIN trial)
     * </pre>
     * Beyond saturation (12000 and 14000) only 12000 has STATIC trials, so a repetition must have
     * them at both rates to count: none does. Rate by rate at 12000, STATIC's source ratios are
     * 11000/9000 = 1.2222 and 11000/10000 = 1.1: mean 1.1611, s = 0.086424, t(0.975, 1) = 12.7062,
     * half-width 12.7062 × 0.086424 / √2 = 0.7765; sink 10800/9000 = 1.2 and 10450/9500 = 1.1:
     * 1.15 ± 0.6353; e2e 0.5 and 0.6: 0.55 ± 0.6353. DRAIN's source ratios 1.1 and 0.9: 1.0 ± 1.2706.
     */
    private SweepFixture sweep() {
        return new SweepFixture()
                .run(ETL, 8000, "OS", 1, 8000, 7840, 50).run(ETL, 8000, "STATIC", 1, 8000, 7840, 40)
                .run(ETL, 8000, "LACHESIS-DRAIN", 1, 8000, 7840, 45)
                .run(ETL, 12000, "OS", 1, 9000, 9000, 4000).run(ETL, 12000, "STATIC", 1, 11000, 10800, 2000)
                .run(ETL, 12000, "LACHESIS-DRAIN", 1, 9900, 9000, 4400)
                .run(ETL, 12000, "OS", 2, 10000, 9500, 5000).run(ETL, 12000, "STATIC", 2, 11000, 10450, 3000)
                .run(ETL, 12000, "LACHESIS-DRAIN", 2, 9000, 9500, 5500)
                .run(ETL, 14000, "OS", 1, 9800, 9600, 6000);
    }

    @Test
    void givesEachModesRatiosToOsBeyondSaturationWithTheirIntervals() throws Exception {
        String md = OsRatioTable.render(sweep().summary(dir));

        assertThat(md).contains("## ETL on storm (wait strategy park)")
                .contains("OS saturation point 12000 tuples/s; rates 12000, 14000 tuples/s.")
                .contains("| Mode | Throughput at the source | Throughput at the sink | E2E latency (mean) | Repetitions |")
                .contains("| STATIC | – | – | – | 0 |")
                .contains("| 12000 | STATIC | ×1.161 [0.385, 1.938] | ×1.150 [0.515, 1.785] | ×0.550 [-0.085, 1.185] |")
                .contains("| 12000 | LACHESIS-DRAIN | ×1.000 [-0.271, 2.271] | ×1.000 [1.000, 1.000] | ×1.100 [1.100, 1.100] |")
                .contains("| 14000 | STATIC | – | – | – |")
                .doesNotContain("| OS |").doesNotContain("| 8000 |");
        assertThat(md.indexOf("| STATIC |")).isLessThan(md.indexOf("| LACHESIS-DRAIN |"));
    }

    @Test
    void averagesOverEveryRateBeyondSaturationWhenEachRepetitionHasThemAll() throws Exception {
        // STATIC at 14000 too, rep 1: (11000/9000 + 9800×1.3/9800) / 2 = (1.2222 + 1.3) / 2 = 1.2611
        String md = OsRatioTable.render(sweep().run(ETL, 14000, "STATIC", 1, 12740, 12000, 3000).summary(dir));

        assertThat(md).contains("| STATIC | ×1.261 (1 rep, no interval) | ×1.225 (1 rep, no interval) |"
                + " ×0.500 (1 rep, no interval) | 1 |");
    }

    @Test
    void aSweepFromBeforeTheSourcesCountedHasNoSourceRatiosAndOneWithoutOsNone() throws Exception {
        String old = OsRatioTable.render(new SweepFixture()
                .run(ETL, 12000, "OS", 1, 9000, 4000).run(ETL, 12000, "LACHESIS", 1, 9900, 2000)
                .run(ETL, 12000, "OS", 2, 9000, 4000).run(ETL, 12000, "LACHESIS", 2, 9900, 2000)
                .run("flink,etl,none", 30000, "LACHESIS-MOD", 1, 25000, 300)
                .summary(dir));

        assertThat(old).contains("| LACHESIS | – | ×1.100 [1.100, 1.100] | ×0.500 [0.500, 0.500] | 2 |")
                .contains("## ETL on flink\n\nOS was not run: no ratios.");
    }
}
