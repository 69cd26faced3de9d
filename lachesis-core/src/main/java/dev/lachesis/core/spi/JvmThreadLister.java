package dev.lachesis.core.spi;

import dev.lachesis.core.model.JvmThread;
import java.util.List;

/**
 * Lists the native threads of a JVM with their full Java names (Linux cuts {@code comm} at 15
 * characters). Shared by all drivers so no driver parses thread dumps itself.
 */
public interface JvmThreadLister {
    /**
     * Every native thread of {@code pid}; threads the JVM did not name (GC, compiler) carry their
     * kernel {@code comm}.
     *
     * @throws DriverException naming the PID and the reason when the JVM cannot be asked (gone, other
     *     user, no attach support)
     */
    List<JvmThread> threads(int pid) throws DriverException;
}
