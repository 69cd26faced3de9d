package dev.lachesis.experiments.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.launch.FlinkQuery;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The harness starts Flink queries by the names {@link FlinkQuery} gives, without Flink on its class
 * path: they must be this module's.
 */
class FlinkQueryNamesTest {
    @Test
    void theLauncherTheHarnessNamesIsThisModulesAndRunsTheQueriesItNames() {
        assertThat(FlinkQuery.LAUNCHER).isEqualTo(FlinkQueryLauncher.class.getName());
        assertThat(FlinkQuery.QUERIES).containsExactlyElementsOf(
                Arrays.stream(ExampleQueryOptions.Query.values()).map(ExampleQueryOptions.Query::label).toList());
    }
}
