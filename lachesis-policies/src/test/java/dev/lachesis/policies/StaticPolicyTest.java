package dev.lachesis.policies;

import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import dev.lachesis.core.spi.PolicyInput;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * STATIC on a worked example shaped like the ETL query on Flink: a source named {@code Source: source}
 * with its reader thread, a parse operator, a heavy operator with two replicas (one with a send
 * thread), and a chain {@code annotate -> sink} the SPE fused; plus a worker-wide network thread and
 * a system thread. The user wrote {@code {heavy: 2, "Source: source": 1}} and {@code default: 0},
 * the hand-set priority of the experiments (heaviest first, then the source, the rest last).
 */
class StaticPolicyTest {
    private static final String WHERE = "policies[0].settings";

    /** {@code Source: source → parse → heavy (×2) → annotate -> sink (fused)}. */
    private static TestSpe etlLike() {
        return new TestSpe("flink")
                .query("etl", List.of("Source: source", "parse", "heavy", "annotate", "sink"),
                        "Source: source>parse", "parse>heavy", "heavy>annotate", "annotate>sink")
                .operator("src#0", "etl", "Source: source").operator("parse#0", "etl", "parse")
                .replica("heavy#0", "etl", "heavy", 0, 2).replica("heavy#1", "etl", "heavy", 1, 2)
                .operator("tail#0", "etl", "annotate", "sink")
                .main("src#0").helper("lachesis-source-reader-source-0", ThreadKind.SOURCE_READER, "etl", "src#0", "src#0")
                .main("parse#0").main("heavy#0").main("heavy#1")
                .helper("heavy-1-send", ThreadKind.SENDER, "etl", "heavy#1", "heavy#1")
                .main("tail#0")
                .helper("Flink Netty Server", ThreadKind.NETWORK, "etl", null, "netty@4242")
                .helper("metrics-reporter", ThreadKind.SYSTEM, "etl", null, "metrics");
    }

    private static StaticPolicy policy(Map<String, Double> priorities, Double defaultPriority) {
        return new StaticPolicy("hand-set", new StaticPolicy.Settings(priorities, defaultPriority));
    }

    @Test
    void theNamedOperatorsThreadsAndTheirHelpersGetTheirPrioritiesEveryOtherThreadTheDefault() {
        Map<String, Double> written = new LinkedHashMap<>();
        written.put("heavy", 2.0);
        written.put("Source: source", 1.0);
        StaticPolicy handSet = policy(written, 0.0);

        assertThat(priorities(handSet.schedule(etlLike().input(handSet)))).containsExactly(
                entry("src#0-main", 1.0), entry("lachesis-source-reader-source-0", 1.0),
                entry("parse#0-main", 0.0),
                entry("heavy#0-main", 2.0), entry("heavy#1-main", 2.0), entry("heavy-1-send", 2.0),
                entry("tail#0-main", 0.0),
                entry("Flink Netty Server", 0.0));
        assertThat(TestSpe.entry(handSet.schedule(etlLike().input(handSet)), "heavy#1-main").metrics())
                .isEqualTo(Map.of(StaticPolicy.WRITTEN, 2.0));
        assertThat(TestSpe.entry(handSet.schedule(etlLike().input(handSet)), "parse#0-main").metrics())
                .isEqualTo(Map.of(StaticPolicy.DEFAULT, 0.0));
        assertThat(handSet.schedule(etlLike().input(handSet)).goal()).isEmpty();
    }

    @Test
    void anExactNameWinsOverPatternsAndTheFirstMatchingPatternOverLaterOnes() {
        Map<String, Double> written = new LinkedHashMap<>();
        written.put("/.*a.*/", 5.0);      // parse, heavy, annotate (and its chain)
        written.put("/p.*|heavy/", 7.0);  // would give parse and heavy 7, but the pattern above comes first
        written.put("heavy", 3.0);        // exact: wins over both patterns
        StaticPolicy handSet = policy(written, -1.0);

        assertThat(priorities(handSet.schedule(etlLike().input(handSet)))).containsExactly(
                entry("src#0-main", -1.0), entry("lachesis-source-reader-source-0", -1.0),
                entry("parse#0-main", 5.0),
                entry("heavy#0-main", 3.0), entry("heavy#1-main", 3.0), entry("heavy-1-send", 3.0),
                entry("tail#0-main", 5.0),
                entry("Flink Netty Server", -1.0));
    }

    @Test
    void aFusedOperatorTakesTheHighestPriorityWrittenForAnyOfItsOperatorsAndPatternsMatchWholeNames() {
        Map<String, Double> written = new LinkedHashMap<>();
        written.put("annotate", 1.0);
        written.put("sink", 4.0);
        written.put("/heav/", 9.0);  // matches no whole name: heavy keeps the default
        StaticPolicy handSet = policy(written, null);

        Map<String, Double> got = priorities(handSet.schedule(etlLike().input(handSet)));
        assertThat(got).containsEntry("tail#0-main", 4.0).containsEntry("heavy#0-main", 0.0)
                .containsEntry("parse#0-main", 0.0);
        assertThat(handSet).hasToString("static{priorities={annotate=1.0, sink=4.0, /heav/=9.0}, default=0.0}");
    }

    @Test
    void noQueriesGiveAnEmptyScheduleAndThreadsOfAQueryStartedLaterAreRatedTheNextRound() {
        StaticPolicy handSet = policy(Map.of("parse", 1.0), 0.0);
        TestSpe later = new TestSpe().query("q", List.of("parse")).operator("parse#7", "q", "parse").main("parse#7");

        assertThat(handSet.schedule(new PolicyInput(TestSpe.NOW, List.of())).threads()).isEmpty();
        assertThat(priorities(handSet.schedule(later.input(handSet)))).containsExactly(entry("parse#7-main", 1.0));
    }

    @Test
    void isFoundByServiceLoaderAndBindsTheUsersYaml() throws ConfigException {
        Policy created = create("""
                priorities:
                  interpolation: 2
                  "Source: source": 1
                  /csv-.*/: 0.5
                default: 0
                """);

        assertThat(created).hasToString("static{priorities={interpolation=2.0, Source: source=1.0, /csv-.*/=0.5},"
                + " default=0.0}");
        assertThat(create("priorities: {parse: 1}", true)).hasToString("rt-guard(static{priorities={parse=1.0},"
                + " default=0.0})");
    }

    @Test
    void badSettingsAreRejectedOneLineEachNamingTheKey() {
        assertProblems("{}", WHERE + ".priorities is required: operator name (or /regular expression/) -> raw"
                + " priority, at least one");
        assertProblems("""
                priorities:
                  /heav(y/: 2
                  parse: 1e999
                default: -1e999
                """,
                WHERE + ".priorities./heav(y/ was '/heav(y/' but is not a regular expression between slashes:"
                        + " Unclosed group at index 6",
                WHERE + ".priorities.parse was 'Infinity' but must be a finite number",
                WHERE + ".default was '-Infinity' but must be a finite number");
        assertThatThrownBy(() -> create("priorities: {parse: high}")).isInstanceOf(ConfigException.class)
                .hasMessage(WHERE + ".priorities.parse was 'high' but must be a number");
        assertThatThrownBy(() -> create("{priorities: {parse: 1}, defaults: 0}")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(WHERE + ".defaults is not a known key");
    }

    private static void assertProblems(String yaml, String... problems) {
        assertThatThrownBy(() -> create(yaml)).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(problems));
    }

    private static Policy create(String yaml) throws ConfigException {
        return create(yaml, false);
    }

    private static Policy create(String yaml, boolean realTime) throws ConfigException {
        return Plugins.load(PolicyFactory.class, "policy").get("static", "policies[0].policy")
                .create(new PolicyContext("p", ConfigNode.ofYaml(WHERE, yaml), realTime, 5));
    }
}
