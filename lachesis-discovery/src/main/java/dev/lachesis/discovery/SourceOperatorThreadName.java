package dev.lachesis.discovery;

import dev.lachesis.core.model.ThreadKind;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the name of a thread started by a {@code source-operators} source says, the same on Storm
 * and Flink: {@code lachesis-source-reader-<component>-<instance>} is a file source's reader (it
 * fills the buffer the source's emit loop drains, so it is a {@link ThreadKind#SOURCE_READER}) and
 * {@code lachesis-source-offsets-<component>-<instance>} a Kafka source's poller of log-end offsets
 * (once per second, off the data path: {@link ThreadKind#OTHER}). What {@code <component>} and
 * {@code <instance>} name is the driver's business (Storm: component id and task id; Flink: the
 * source's name and subtask index). The component may itself contain {@code -}: the instance is
 * the digits after the last one. Immutable.
 *
 * @param kind the thread's role
 * @param component the source's name as the source put it in the thread name
 * @param instance the number of the source instance
 */
public record SourceOperatorThreadName(ThreadKind kind, String component, int instance) {
    /** The prefix of a source reader thread's name. */
    public static final String READER_PREFIX = "lachesis-source-reader-";
    /** The prefix of a Kafka source's offset poller thread's name. */
    public static final String OFFSETS_PREFIX = "lachesis-source-offsets-";

    private static final Pattern COMPONENT_AND_INSTANCE = Pattern.compile("(?<component>.+)-(?<instance>\\d{1,9})");

    /** The role, component and instance a thread name names, or empty for other threads. */
    public static Optional<SourceOperatorThreadName> parse(String threadName) {
        ThreadKind kind;
        String rest;
        if (threadName.startsWith(READER_PREFIX)) {
            kind = ThreadKind.SOURCE_READER;
            rest = threadName.substring(READER_PREFIX.length());
        } else if (threadName.startsWith(OFFSETS_PREFIX)) {
            kind = ThreadKind.OTHER;
            rest = threadName.substring(OFFSETS_PREFIX.length());
        } else {
            return Optional.empty();
        }
        Matcher m = COMPONENT_AND_INSTANCE.matcher(rest);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new SourceOperatorThreadName(kind, m.group("component"), Integer.parseInt(m.group("instance"))));
    }
}
