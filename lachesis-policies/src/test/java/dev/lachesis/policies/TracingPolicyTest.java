package dev.lachesis.policies;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.lachesis.core.schedule.Schedule;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class TracingPolicyTest {
    private final Logger logger = (Logger) LoggerFactory.getLogger(TracingPolicy.class);
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private Level previous;

    @BeforeEach
    void capture() {
        previous = logger.getLevel();
        log.start();
        logger.addAppender(log);
    }

    @AfterEach
    void release() {
        logger.detachAppender(log);
        logger.setLevel(previous);
    }

    @Test
    void atTraceLogsTheMetricsReadAndEveryDecisionAndChangesNothing() {
        logger.setLevel(Level.TRACE);
        QueueSizePolicy qs = new QueueSizePolicy("qs", new QueueSizePolicy.Settings(null));
        TracingPolicy traced = new TracingPolicy("qs", qs);

        Schedule schedule = traced.schedule(WorkedExamples.diamond().input(traced));

        assertThat(schedule).isEqualTo(qs.schedule(WorkedExamples.diamond().input(qs)));
        List<String> lines = log.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(lines).containsExactly(
                "policy qs at 2026-11-23T12:00:00Z: storm has 4 threads",
                "policy qs reads queue-size of storm: {S#0=0.0, A#0=50.0, B#0=5.0, K#0=20.0}",
                "policy qs gives storm 4242/100 'S#0-main' priority 20.0 from {query-median=20.0}",
                "policy qs gives storm 4242/101 'A#0-main' priority 50.0 from {queue-size=50.0}",
                "policy qs gives storm 4242/102 'B#0-main' priority 5.0 from {queue-size=5.0}",
                "policy qs gives storm 4242/103 'K#0-main' priority 20.0 from {queue-size=20.0}",
                "policy qs goal OptionalDouble[" + schedule.goal().getAsDouble() + "]");
        assertThat(traced).hasToString(qs.toString());
        assertThat(traced.requiredMetrics()).isEqualTo(qs.requiredMetrics());
    }

    @Test
    void belowTraceLogsNothing() {
        logger.setLevel(Level.DEBUG);
        TracingPolicy traced = new TracingPolicy("qs", new QueueSizePolicy("qs", new QueueSizePolicy.Settings(null)));

        traced.schedule(WorkedExamples.diamond().input(traced));

        assertThat(log.list).isEmpty();
    }
}
