package dev.lachesis.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What {@code lachesis-bench query} says before it starts anything when the SPE or query is wrong. */
class QueryCommandTest {
    private BenchRun bench = new BenchRun();

    @Test
    void anUnknownSpeOrAQueryStorm1DoesNotRunIsAOneLineUsageError() {
        assertThat(bench.run("query", "--spe", "kafka", "--query", "etl", "--rate", "1", "--metrics",
                "127.0.0.1:2003")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--spe was 'kafka' but must be storm, storm1 or flink"
                + System.lineSeparator());
        bench = new BenchRun();

        assertThat(bench.run("query", "--spe", "storm1", "--query", "fanout", "--rate", "1", "--metrics",
                "127.0.0.1:2003")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--query was 'fanout' but Storm 1.x runs pipeline or etl");
        assertThat(bench.out()).isEmpty();
    }
}
