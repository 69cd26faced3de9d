package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Table1Test {
    private static final String ETL = "storm,etl,progressive";

    @TempDir
    Path dir;

    /**
     * OS saturates at 2000 (1500 of 2000 tuples/s). Over 2000 and 3000:
     * throughput MOD-RT vs OS (1800-1500)/1500 = +20%, (2000-1600)/1600 = +25%: +22.5%;
     * e2e MOD-RT vs OS (300-1000)/1000 = -70%, (1000-2000)/2000 = -50%: -60%;
     * throughput MOD-RT vs MOD (1800-1700)/1700 = +5.882%, (2000-1900)/1900 = +5.263%: +5.6%;
     * e2e MOD-RT vs MOD (300-400)/400 = -25%, (1000-1250)/1250 = -20%: -22.5%;
     * MOD-RT vs LACHESIS only at 3000: (2000-1600)/1600 = +25%, (1000-1600)/1600 = -37.5%.
     */
    private SweepFixture etlSweep() {
        return new SweepFixture()
                .run(ETL, 1000, "OS", 1, 1000, 100)
                .run(ETL, 2000, "OS", 1, 1500, 1000)
                .run(ETL, 3000, "OS", 1, 1600, 2000)
                .run(ETL, 1000, "LACHESIS-MOD-RT", 1, 1000, 50)
                .run(ETL, 2000, "LACHESIS-MOD-RT", 1, 1700, 280)
                .run(ETL, 2000, "LACHESIS-MOD-RT", 2, 1900, 320)
                .run(ETL, 3000, "LACHESIS-MOD-RT", 1, 2000, 1000)
                .run(ETL, 2000, "LACHESIS-MOD", 1, 1700, 400)
                .run(ETL, 3000, "LACHESIS-MOD", 1, 1900, 1250)
                .run(ETL, 3000, "LACHESIS", 1, 1600, 1600);
    }

    @Test
    void comparesModRtWithEachBaselineOverTheRatesFromOsSaturationUp() throws Exception {
        String table = Table1.render(etlSweep().summary(dir));

        assertThat(row(table, "MOD-RT vs OS", "Throughput").get(0)).isEqualTo("**+22.5%** (paper +38%)");
        assertThat(row(table, "", "E2E latency", 2).get(0)).isEqualTo("**-60.0%** (paper -71%)");
        assertThat(row(table, "MOD-RT vs MOD", "Throughput").get(0)).isEqualTo("**+5.6%** (paper +7%)");
        assertThat(row(table, "", "E2E latency", 0).get(0)).isEqualTo("**-22.5%** (paper -14%)");
        assertThat(row(table, "MOD-RT vs LACHESIS", "Throughput").get(0))
                .isEqualTo("**+25.0%** over 1 of 2 rates (paper +19%)");
        assertThat(row(table, "OS saturation point", "").get(0)).isEqualTo("2000 tuples/s");
        assertThat(row(table, "Rates averaged (tuples/s)", "").get(0)).isEqualTo("2000, 3000");
        assertThat(row(table, "Repetitions", "").get(0)).isEqualTo("1–2 per rate and mode (reps 1, 2)");
    }

    @Test
    void comparesTheThroughputAtTheSourceWhenTheSweepCountedItAndSaysSoWhenItDidNot() throws Exception {
        String old = Table1.render(etlSweep().summary(dir));
        // OS saturates at 2000 (1500 of 2000 at the sink); at the source (2000-1600)/1600 = +25%
        String counted = Table1.render(new SweepFixture()
                .run(ETL, 2000, "OS", 1, 1600, 1500, 1000)
                .run(ETL, 2000, "LACHESIS-MOD-RT", 1, 2000, 1800, 300)
                .summary(dir));

        assertThat(row(old, "", "Throughput at the source", 2).get(0))
                .isEqualTo("not measured in this sweep (not in the paper)");
        assertThat(row(counted, "", "Throughput at the source", 2).get(0)).isEqualTo("**+25.0%** (not in the paper)");
        assertThat(row(counted, "MOD-RT vs OS", "Throughput").get(0)).isEqualTo("**+20.0%** (paper +38%)");
    }

    @Test
    void hasThePapersColumnsAndSaysWhichAreNotMeasured() throws Exception {
        String table = Table1.render(etlSweep().summary(dir));

        assertThat(table).contains("## Storm wait strategy: progressive")
                .contains("| | | ETL (Storm) | STATS (Storm) | LR (Storm) | LR (Flink) |");
        assertThat(row(table, "MOD-RT vs OS", "Throughput")).containsExactly("**+22.5%** (paper +38%)",
                "not measured yet (paper +29%)", "not measured yet (paper +38%)", "not measured yet (paper +5.7%)");
        assertThat(table).contains("below 95% of the input rate");
    }

    @Test
    void addsAFlinkEtlColumnWhenFlinkRan() throws Exception {
        String table = Table1.render(etlSweep()
                .run("flink,etl,none", 1000, "OS", 1, 500, 100)
                .run("flink,etl,none", 1000, "LACHESIS-MOD-RT", 1, 600, 50)
                .summary(dir));

        assertThat(table).contains("| LR (Flink) | ETL (Flink) |");
        assertThat(row(table, "MOD-RT vs OS", "Throughput")).last().isEqualTo("**+20.0%** (not in the paper)");
    }

    @Test
    void aStorm1EtlColumnHasThePapersStormNumbersThePaperRanStorm123() throws Exception {
        String table = Table1.render(new SweepFixture()
                .run("storm1,etl,blocking", 1000, "OS", 1, 500, 100)
                .run("storm1,etl,blocking", 1000, "LACHESIS-MOD-RT", 1, 600, 50)
                .summary(dir));

        assertThat(table).contains("| ETL (Storm 1.x), blocking |");
        assertThat(row(table, "MOD-RT vs OS", "Throughput")).last().isEqualTo("**+20.0%** (paper +38%)");
    }

    @Test
    void saysSoInsteadOfAveragingWhenOsNeverSaturates() throws Exception {
        String table = Table1.render(new SweepFixture()
                .run(ETL, 1000, "OS", 1, 1000, 100)
                .run(ETL, 1500, "OS", 1, 1490, 100)
                .run(ETL, 1500, "LACHESIS-MOD-RT", 1, 1500, 50)
                .summary(dir));

        assertThat(row(table, "MOD-RT vs OS", "Throughput").get(0)).isEqualTo("OS not saturated (paper +38%)");
        assertThat(row(table, "OS saturation point", "").get(0)).isEqualTo("none: OS keeps up to 1500 tuples/s");
    }

    @Test
    void makesOneTablePerStormWaitStrategy() throws Exception {
        String table = Table1.render(etlSweep()
                .run("storm,etl,park", 1000, "OS", 1, 800, 100)
                .run("storm,etl,park", 1000, "LACHESIS-MOD-RT", 1, 1000, 50)
                .summary(dir));

        assertThat(table).contains("## Storm wait strategy: park").contains("## Storm wait strategy: progressive");
        assertThat(row(table, "MOD-RT vs OS", "Throughput").get(0)).isEqualTo("**+25.0%** (paper +38%)");
    }

    /** The data cells of the first row whose first two cells are {@code label} and {@code measure}. */
    private static List<String> row(String table, String label, String measure) {
        return row(table, label, measure, 0);
    }

    /** The data cells of the {@code skip}+1-th such row. */
    private static List<String> row(String table, String label, String measure, int skip) {
        String prefix = "| " + label + " | " + measure + " |";
        return table.lines().filter(l -> l.startsWith(prefix)).skip(skip).findFirst()
                .map(l -> List.of(l.substring(prefix.length(), l.length() - 1).split(" \\| ")))
                .map(cells -> cells.stream().map(String::strip).toList())
                .orElseThrow(() -> new AssertionError("no row " + prefix + " in\n" + table));
    }
}
