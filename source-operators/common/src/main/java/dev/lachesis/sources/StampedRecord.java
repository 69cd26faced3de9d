package dev.lachesis.sources;

/**
 * A record with the time it was produced, so a sink can measure end-to-end latency: the time from
 * when the outside world produced a record (for a replayed file, the moment the replay schedule
 * says it arrives) to when its result reaches the sink, including any time it waited to enter the
 * SPE. Immutable if the value is.
 *
 * @param value the record
 * @param sequence the record's position in what this source instance reads (0, 1, 2, …), which
 *        acknowledgements and restarts refer to
 * @param producedAtMillis production time, milliseconds since the epoch
 * @param <T> the record's type
 */
public record StampedRecord<T>(T value, long sequence, long producedAtMillis) {
}
