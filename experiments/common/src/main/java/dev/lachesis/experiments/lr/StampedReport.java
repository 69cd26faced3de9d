package dev.lachesis.experiments.lr;

/**
 * A position report as Linear Road's queries read it from Kafka: {@code <produced>;<report line>},
 * where {@code produced} is when the feeder wrote it, epoch microseconds, from which the sinks
 * measure end-to-end latency (time waiting in Kafka included, as a user would count it). Immutable.
 *
 * @param producedAtMicros when the report was produced, epoch microseconds
 * @param report the report
 */
public record StampedReport(long producedAtMicros, PositionReport report) {
    private static final char SEPARATOR = ';';

    /** The record's value in the topic. */
    public String value() {
        return Long.toString(producedAtMicros) + SEPARATOR + report.line();
    }

    /**
     * The stamped report in a topic's {@code value}.
     *
     * @throws IllegalArgumentException naming what is wrong with the value: no stamp, a stamp that is not a number, or
     *                                  not a position report
     */
    public static StampedReport parse(String value) {
        int separator = value.indexOf(SEPARATOR);
        if (separator < 0) {
            throw new IllegalArgumentException("'" + value + "' lacks the production stamp: expected <epoch micros>"
                    + SEPARATOR + "<position report>");
        }
        long produced;
        try {
            produced = Long.parseLong(value.substring(0, separator));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "': the production stamp '" + value.substring(0, separator)
                    + "' is not a whole number of microseconds", e);
        }
        return new StampedReport(produced, PositionReport.parse(value.substring(separator + 1)));
    }
}
