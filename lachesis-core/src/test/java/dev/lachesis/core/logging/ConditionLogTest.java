package dev.lachesis.core.logging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.testing.LogCapture;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class ConditionLogTest {
    /** A condition that lasts three rounds is two lines, however its message changes. */
    @Test
    void aReportingLogSaysWhenAConditionStartsAndWhenItClears() {
        try (LogCapture log = new LogCapture(ConditionLogTest.class)) {
            ConditionLog conditions = ConditionLog.reporting(LoggerFactory.getLogger(ConditionLogTest.class));

            conditions.failed("spe storm", "SPE 'storm' cannot be seen: worker 4242 is gone", null);
            conditions.failed("spe storm", "SPE 'storm' cannot be seen: worker 4243 is gone", null);
            conditions.failed("spe storm", "SPE 'storm' cannot be seen: worker 4243 is gone", null);
            assertThat(conditions.isFailing("spe storm")).isTrue();
            conditions.cleared("spe storm");
            conditions.cleared("spe storm");

            assertThat(log.lines()).containsExactly("WARN SPE 'storm' cannot be seen: worker 4242 is gone",
                    "INFO Recovered after 3 failed round(s): spe storm");
            assertThat(conditions.isFailing("spe storm")).isFalse();
        }
    }

    /** Where the caller reports a failure, only a new kind of failure within a streak reaches the log. */
    @Test
    void aQuietLogSaysOnlyThatAFailureChangedItsKind() {
        try (LogCapture log = new LogCapture(ConditionLogTest.class)) {
            ConditionLog health = ConditionLog.quiet(LoggerFactory.getLogger(ConditionLogTest.class));

            health.failed("graphite", "refused", "Graphite refused the connection", null);
            health.failed("graphite", "refused", "Graphite refused the connection", null);
            health.failed("graphite", "timeout", "Graphite did not answer within 2 s", null);
            health.cleared("graphite");

            assertThat(log.lines()).containsExactly("WARN Graphite did not answer within 2 s");
        }
    }

    /** Each key is a condition of its own. */
    @Test
    void conditionsOfDifferentKeysAreLoggedApart() {
        try (LogCapture log = new LogCapture(ConditionLogTest.class)) {
            ConditionLog conditions = ConditionLog.reporting(LoggerFactory.getLogger(ConditionLogTest.class));

            conditions.failed("spe storm", "storm is gone", null);
            conditions.failed("spe flink", "flink is gone", null);
            conditions.cleared("spe flink");

            assertThat(log.lines()).containsExactly("WARN storm is gone", "WARN flink is gone",
                    "INFO Recovered after 1 failed round(s): spe flink");
        }
    }
}
