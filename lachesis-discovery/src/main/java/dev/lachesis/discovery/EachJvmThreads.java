package dev.lachesis.discovery;

import dev.lachesis.core.logging.ConditionLog;
import dev.lachesis.core.spi.DriverException;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;

/**
 * Reads the threads of each of an SPE's JVMs in a round (and what a driver makes of them) and leaves
 * out, for that round, the JVMs whose threads it cannot read (gone between discovery and the read, another user's, no attach), so one bad JVM does
 * not cost the others their schedule. A JVM is logged once when it starts failing (warn, with the
 * reason) and once when it can be read again (info); a JVM that ends is forgotten without a line.
 * The round fails only when no JVM could be read. Used by every driver, so they all say it alike.
 * Not thread-safe: one driver's round calls it.
 */
public final class EachJvmThreads {
    /** What is read of one JVM's threads. */
    @FunctionalInterface
    public interface Read<T> {
        T of(int pid) throws DriverException;
    }

    private final ConditionLog conditions;
    private final String jvm;
    private final Set<Integer> failing = new HashSet<>();

    /**
     * @param log the driver's logger, so the lines carry its name
     * @param jvm how a JVM is named in the lines, before its PID, e.g. {@code Flink JVM}
     */
    public EachJvmThreads(Logger log, String jvm) {
        this.conditions = ConditionLog.reporting(log);
        this.jvm = jvm;
    }

    /**
     * What {@code read} gives for each of {@code pids} it could read, in their order.
     *
     * @throws DriverException the first failure, when no JVM could be read
     */
    public <T> Map<Integer, T> read(Collection<Integer> pids, Read<T> read) throws DriverException {
        Map<Integer, T> result = new LinkedHashMap<>();
        DriverException firstFailure = null;
        for (int pid : pids) {
            String key = key(pid);
            try {
                result.put(pid, read.of(pid));
                conditions.cleared(key);
                failing.remove(pid);
            } catch (DriverException e) {
                firstFailure = firstFailure == null ? e : firstFailure;
                failing.add(pid);
                conditions.failed(key, "Skipping " + jvm + " " + pid + " until its threads can be read: "
                        + e.getMessage(), null);
            }
        }
        for (var it = failing.iterator(); it.hasNext(); ) {
            int pid = it.next();
            if (!pids.contains(pid)) {
                conditions.forget(key(pid));
                it.remove();
            }
        }
        if (result.isEmpty() && firstFailure != null) {
            throw firstFailure;
        }
        return result;
    }

    private String key(int pid) {
        return "the threads of " + jvm + " " + pid;
    }
}
