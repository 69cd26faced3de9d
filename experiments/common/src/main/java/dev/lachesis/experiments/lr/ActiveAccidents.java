package dev.lachesis.experiments.lr;

import dev.lachesis.experiments.lr.AccidentDetector.AccidentEvent;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The accidents not yet cleared, as {@link AccidentDetector}'s events tell them, by segment: what
 * the toll and the accident notification look ahead at. Not thread-safe.
 */
public final class ActiveAccidents {
    private final Map<SegmentId, Integer> bySegment = new HashMap<>();

    /** Applies one event: an accident starts or is cleared. */
    public void update(AccidentEvent event) {
        if (event.active()) {
            bySegment.merge(event.segment(), 1, Integer::sum);
        } else {
            bySegment.computeIfPresent(event.segment(), (segment, accidents) -> accidents > 1 ? accidents - 1 : null);
        }
    }

    /** The nearest segment with an accident ahead of a vehicle in {@code segment} (itself included), if any. */
    public Optional<SegmentId> ahead(SegmentId segment) {
        for (int k = 0; k <= SegmentId.ACCIDENT_REACH; k++) {
            SegmentId candidate = new SegmentId(segment.xway(), segment.dir(),
                    segment.dir() == 0 ? segment.seg() + k : segment.seg() - k);
            if (bySegment.containsKey(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
