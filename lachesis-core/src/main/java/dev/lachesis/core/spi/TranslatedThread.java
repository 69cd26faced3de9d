package dev.lachesis.core.spi;

import dev.lachesis.core.schedule.ThreadPriority;
import java.util.Objects;

/**
 * What a translator will set (or set) for one thread: the policy's raw priority, the normalised
 * value and the OS value. Immutable.
 *
 * @param entry the thread, its raw priority and the metrics behind it
 * @param group the cgroup the thread goes to, or {@code null} for per-thread mechanisms
 * @param value the OS value: a nice value, an RT priority, or the group's shares/weight
 */
public record TranslatedThread(ThreadPriority entry, String group, long value) {
    public TranslatedThread {
        Objects.requireNonNull(entry, "entry");
    }
}
