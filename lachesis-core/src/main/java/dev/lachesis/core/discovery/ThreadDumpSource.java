package dev.lachesis.core.discovery;

import dev.lachesis.core.spi.DriverException;

/**
 * Produces a HotSpot thread dump of a running JVM, the text {@code jcmd <pid> Thread.print}
 * prints, from which {@link ThreadDumpParser} maps native thread ids to Java thread names. Kept
 * apart from the parsing so that discovery can be tested with captured dumps, and so that the
 * in-process attach and the {@code jcmd} fork are interchangeable.
 */
@FunctionalInterface
public interface ThreadDumpSource {
    /**
     * The thread dump of {@code pid}.
     *
     * @throws DriverException naming the PID and the reason, in one line, when the JVM cannot be asked
     */
    String threadDump(int pid) throws DriverException;
}
