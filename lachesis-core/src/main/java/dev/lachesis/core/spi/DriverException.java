package dev.lachesis.core.spi;

/**
 * A driver could not see its SPE this round (no worker process, REST down, thread dump refused).
 * The main loop logs it once per condition and keeps the last applied priorities.
 */
public class DriverException extends Exception {
    public DriverException(String message) {
        super(message);
    }

    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }
}
