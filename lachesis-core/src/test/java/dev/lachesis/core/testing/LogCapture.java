package dev.lachesis.core.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Collects what one class logs at INFO and above while open, instead of printing it. */
public final class LogCapture implements AutoCloseable {
    private final Logger logger;
    private final Level previous;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public LogCapture(Class<?> type) {
        logger = (Logger) LoggerFactory.getLogger(type);
        previous = logger.getLevel();
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
        appender.start();
        logger.addAppender(appender);
    }

    /** Every captured event, in order. */
    public List<ILoggingEvent> events() {
        return List.copyOf(appender.list);
    }

    /** Every captured line as {@code LEVEL message}. */
    public List<String> lines() {
        return appender.list.stream().map(e -> e.getLevel() + " " + e.getFormattedMessage()).toList();
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        logger.setLevel(previous);
        logger.setAdditive(true);
    }
}
