package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class TrialOptionsTest {
    private static TrialOptions parsedBySaturation(String... args) {
        CommandLine commandLine = new CommandLine(new SaturationCommand());
        commandLine.parseArgs(args);
        return (TrialOptions) commandLine.getCommandSpec().mixins().get("options").userObject();
    }

    @Test
    void theSuggestedSweepRunsItsTrialsAsTheSaturationSearchDid() {
        TrialOptions storm = parsedBySaturation("--spe", "storm", "--wait-strategy", "park", "--warm-up", "40s",
                "--measure", "15000ms", "--from", "5000", "--max", "30000");
        TrialOptions flink = parsedBySaturation("--spe=flink", "--spe-cpus", "1", "--other-cpus", "0", "--period", "500ms",
                "--graphite", "2003:8080");

        assertThat(storm.arguments()).containsExactly("--spe", "storm", "--query", "etl", "--wait-strategy", "park",
                "--warm-up", "40s", "--measure", "15s", "--spe-cpus", "0");
        assertThat(flink.arguments()).containsExactly("--spe", "flink", "--query", "etl", "--warm-up", "30s",
                "--measure", "1m", "--spe-cpus", "1", "--other-cpus", "0", "--graphite", "2003:8080", "--period", "500ms");
        for (TrialOptions options : List.of(storm, flink)) {
            List<String> sweep = new ArrayList<>(options.arguments());
            sweep.addAll(List.of("--rates", "1000,2000"));
            CommandLine.ParseResult parsed = new CommandLine(new SweepCommand()).parseArgs(sweep.toArray(String[]::new));
            assertThat(parsed.unmatched()).isEmpty();
        }
    }

    @Test
    void graphitePortsAreCarbonColonRenderApi() {
        assertThat(GraphitePorts.parse("2003:8080")).isEqualTo(new GraphitePorts(2003, 8080));
        for (String bad : List.of("8080", "2003:", "a:b", "2003:8080:1", "0:8080", "2003:70000")) {
            assertThatThrownBy(() -> GraphitePorts.parse(bad)).as(bad).hasMessageStartingWith("--graphite ");
        }
        assertThatThrownBy(() -> GraphitePorts.parse("localhost:8080"))
                .hasMessage("--graphite was 'localhost:8080' but must be <carbon plaintext port>:<render API port>, "
                        + "such as 2003:8080");
    }
}
