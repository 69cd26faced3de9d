package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneralisationTableTest {
    private static final String HEADER = "spe,query,wait_strategy,rate,mode,rep,seconds,throughput,source_throughput,"
            + "latency_mean_ms,latency_p50_ms,latency_p99_ms,e2e_mean_ms,e2e_p50_ms,e2e_p99_ms,goal_cv,"
            + "daemon_cpu_share,round_p50_ms,round_p99_ms,rounds,daemon_peak_rss_mib,spe_cpu_share,source_half_change,"
            + "top_jumps";

    @TempDir
    Path dir;

    private final StringBuilder csv = new StringBuilder(HEADER).append('\n');

    /** A trial of {@code query} on Storm (park) at 5000 t/s taking in {@code source}, the sink getting {@code sink}. */
    private GeneralisationTableTest run(String query, String mode, int rep, double source, double sink, int jumps) {
        return run(query, 5000, mode, rep, source, sink, jumps);
    }

    private GeneralisationTableTest run(String query, int rate, String mode, int rep, double source, double sink,
                                        int jumps) {
        boolean daemon = !mode.equals("OS");
        csv.append(String.format(Locale.ROOT, "storm,%s,park,%d,%s,%d,60,%s,%s,1,1,1,1,1,1,0.5,%s,5,9,%s,80,0.99,0.01,%s%n",
                query, rate, mode, rep, sink, source, daemon ? "0.004" : "NaN", daemon ? "60" : "0", daemon ? jumps : "NaN"));
        return this;
    }

    private String render() throws Exception {
        Files.writeString(dir.resolve(SweepCsv.MEASUREMENTS), csv);
        return GeneralisationTable.render(SweepSummary.of(SweepCsv.readMeasurements(dir.resolve(SweepCsv.MEASUREMENTS)),
                List.of()));
    }

    /**
     * Two shapes, two repetitions each:
     * <pre>
     * query     rep  OS     STATIC  HEAVIEST-FIRST (jumps)
     * random-1  1    1000   1300    1200 (0)
     * random-1  2    1100   1320    1320 (3)
     * random-2  1    2000   1900    2100 (0)
     * random-2  2    2000   2000    2000 (0)
     * </pre>
     * HEAVIEST-FIRST against OS: random-1 1.2 and 1.2 (mean 1.2, no spread), random-2 1.05 and 1.0
     * (1.025); geometric mean √(1.2 × 1.025) = 1.10905; log-ratios 0.18232 and 0.02469, s = 0.11146,
     * t(0.975, 1) = 12.7062, half-width 12.7062 × 0.11146 / √2 = 1.00145 around their mean 0.10351:
     * [exp(-0.89794), exp(1.10496)] = [0.40741, 3.01911]. Against STATIC: 1200/1300 = 0.92308 and
     * 1320/1320 = 1 → 0.96154 ± 12.7062 × 0.05439 / √2 = 0.48868; 2100/1900 and 1 → 1.05263. Jumps: 3 of
     * the 120 rounds of random-1's two trials (2.5%), none of random-2.
     */
    @Test
    void givesEveryQuerysRatiosAndTheirGeometricMeanWithTheLowestQuery() throws Exception {
        run("random-1", "OS", 1, 1000, 900, 0).run("random-1", "STATIC", 1, 1300, 1200, 0)
                .run("random-1", "HEAVIEST-FIRST", 1, 1200, 1100, 0)
                .run("random-1", "OS", 2, 1100, 1000, 0).run("random-1", "STATIC", 2, 1320, 1200, 0)
                .run("random-1", "HEAVIEST-FIRST", 2, 1320, 1200, 3)
                .run("random-2", "OS", 1, 2000, 1800, 0).run("random-2", "STATIC", 1, 1900, 1800, 0)
                .run("random-2", "HEAVIEST-FIRST", 1, 2100, 1900, 0)
                .run("random-2", "OS", 2, 2000, 1800, 0).run("random-2", "STATIC", 2, 2000, 1800, 0)
                .run("random-2", "HEAVIEST-FIRST", 2, 2000, 1800, 0);

        String md = render();

        assertThat(md).contains("## storm (wait strategy park)")
                .contains("| random-1 | HEAVIEST-FIRST | ×1.200 [1.200, 1.200] | ×0.962 [0.473, 1.450] |")
                .contains("| random-2 | HEAVIEST-FIRST | ×1.025 [0.707, 1.343] | ×1.053 [0.384, 1.721] |")
                .contains("| HEAVIEST-FIRST | 2 | ×1.109 [0.407, 3.019] | ×1.025 (random-2) |")
                .contains("| 2.5% | 2 |");
        assertThat(md).containsPattern("\\| HEAVIEST-FIRST \\| 2 \\|.*\\| 2\\.5% \\|");
    }

    @Test
    void aQueryWithoutAnOsTrialIsLeftOut() throws Exception {
        run("random-3", "STATIC", 1, 1000, 900, 0).run("random-1", "OS", 1, 1000, 900, 0)
                .run("random-1", "HEAVIEST-FIRST", 1, 1100, 1000, 0);

        assertThat(render()).doesNotContain("random-3").contains("| HEAVIEST-FIRST | 1 | ×1.100 (1 query) |");
    }

    @Test
    void aRateOsKeptUpWithIsNotBeyondSaturationAndLeftOut() throws Exception {
        run("random-4", 5000, "OS", 1, 4900, 4800, 0).run("random-4", 5000, "HEAVIEST-FIRST", 1, 4950, 4900, 0)
                .run("random-4", 10000, "OS", 1, 6000, 5900, 0).run("random-4", 10000, "HEAVIEST-FIRST", 1, 6600, 6500, 0)
                .run("random-5", 5000, "OS", 1, 4990, 4900, 0).run("random-5", 5000, "HEAVIEST-FIRST", 1, 4000, 3900, 0);

        assertThat(render()).contains("| random-4 | HEAVIEST-FIRST | ×1.100 (1 rep, no interval) |")
                .contains("| random-5 | – | not beyond saturation: OS kept up with every rate tried |")
                .contains("| HEAVIEST-FIRST | 1 | ×1.100 (1 query) |");
    }
}
