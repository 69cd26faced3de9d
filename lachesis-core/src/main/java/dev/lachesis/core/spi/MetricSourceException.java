package dev.lachesis.core.spi;

/**
 * A metric source could not answer (unreachable, timed out, answered with an error or garbage). The
 * message names the source's URL and what was asked, in one line.
 */
public class MetricSourceException extends Exception {
    public MetricSourceException(String message) {
        super(message);
    }

    public MetricSourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
