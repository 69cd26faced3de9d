package dev.lachesis.discovery;

import dev.lachesis.core.config.ByteSize;
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
     * The longest dump read: 1,000 threads 30 frames deep dump as 1 MB, so this holds thousands of
     * threads, while a JVM with deeper or more stacks fails its dump instead of filling the daemon's
     * 64 MiB heap (the text is held twice, as bytes and as a string).
     */
    ByteSize MAX_DUMP = ByteSize.mib(8);

    /**
     * The thread dump of {@code pid}.
     *
     * @throws DriverException naming the PID and the reason, in one line, when the JVM cannot be asked
     *     or its dump is longer than the source's limit ({@link #MAX_DUMP} unless told otherwise)
     */
    String threadDump(int pid) throws DriverException;
}
