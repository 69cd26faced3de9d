package dev.lachesis.core.model;

import java.util.Objects;

/**
 * A native thread of a JVM together with its full Java name. Linux truncates {@code comm} to 15
 * characters, which makes parallel executors indistinguishable, so drivers map threads by this name.
 * Immutable.
 *
 * @param ref the process and native thread id
 * @param name the full Java thread name, or the kernel's {@code comm} when the JVM did not report the thread
 */
public record JvmThread(ThreadRef ref, String name) {
    public JvmThread {
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(name, "name");
    }

    public int pid() {
        return ref.pid();
    }

    public int tid() {
        return ref.tid();
    }
}
