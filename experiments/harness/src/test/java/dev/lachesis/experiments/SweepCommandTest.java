package dev.lachesis.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What {@code lachesis-bench sweep} refuses before it starts anything. */
class SweepCommandTest {
    private final BenchRun bench = new BenchRun();

    @Test
    void theStaticModeNeedsAQueryWhoseHeaviestOperatorIsKnownOrAnOsTrialBeforeItToMeasureIt() {
        int exit = bench.run("sweep", "--spe", "storm", "--query", "pipeline", "--rates", "1000", "--modes",
                "STATIC,OS");

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--modes STATIC needs the heaviest operator of pipeline on storm, which its"
                + " launcher does not declare: put OS before it in --modes, and each repetition's OS trial measures it"
                + " (the largest cpu_share in operators.csv), as a user would");
    }

    @Test
    void anUnknownModeListsEveryModeTheSweepRuns() {
        int exit = bench.run("sweep", "--spe", "storm", "--rates", "1000", "--modes", "OS,DRAIN");

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("'DRAIN' is not a mode; the modes are OS, STATIC, LACHESIS, LACHESIS-MOD,"
                + " LACHESIS-MOD-RT, LACHESIS-MOD-GROUPS, LACHESIS-CGROUP, LACHESIS-DRAIN, LACHESIS-DRAIN-RT, HEAVIEST-FIRST, RANDOM");
    }

    @Test
    void manyQueriesAreRefusedForAQueryOtherThanFlinksSyn() {
        int exit = bench.run("sweep", "--spe", "flink", "--query", "etl", "--queries", "20", "--rates", "1000");

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--queries and --blocking apply to --spe flink --query syn only");
    }
}
