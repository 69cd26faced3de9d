package dev.lachesis.core.spi;

/**
 * A translator could not apply a plan (not permitted, cgroup hierarchy missing). The message says
 * what to do about it (run as root, grant CAP_SYS_NICE, mount the cpu controller) in one line.
 */
public class TranslatorException extends Exception {
    public TranslatorException(String message) {
        super(message);
    }

    public TranslatorException(String message, Throwable cause) {
        super(message, cause);
    }
}
