package dev.lachesis.experiments.lr;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What Linear Road's dispatcher does with each value it takes from Kafka, on any SPE: reads it as a
 * {@link StampedReport}, and drops a value that is not one, logging the first such value only (a
 * topic full of them would otherwise flood the log). Not thread-safe: one per operator instance.
 */
public final class StampedReportReader {
    private static final Logger LOG = LoggerFactory.getLogger(StampedReportReader.class);
    private boolean warned;

    /** The stamped report in {@code value}; empty, logged the first time, when it is not one. */
    public Optional<StampedReport> read(String value) {
        try {
            return Optional.of(StampedReport.parse(value));
        } catch (IllegalArgumentException e) {
            if (!warned) {
                warned = true;
                LOG.warn("Dropping values that are not stamped position reports, such as: {}", e.getMessage());
            }
            return Optional.empty();
        }
    }
}
