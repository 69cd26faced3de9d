package dev.lachesis.core.loop;

import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.TranslationPlan;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One round in full, for {@code once}: its report, what each SPE driver saw and each policy's plan
 * as the translator applied (or would apply) it. Immutable.
 *
 * @param report the round's summary
 * @param states SPE instance name → what its driver saw, for the SPEs that could be seen
 * @param plans policy name → its translation plan, for the policies that completed, in
 *     configuration order
 */
public record RoundResult(RoundReport report, Map<String, SpeState> states, Map<String, TranslationPlan> plans) {
    public RoundResult {
        Objects.requireNonNull(report, "report");
        states = Map.copyOf(states);
        plans = Collections.unmodifiableMap(new LinkedHashMap<>(plans));
    }

    /** The plans in configuration order. */
    public List<Map.Entry<String, TranslationPlan>> planList() {
        return List.copyOf(plans.entrySet());
    }
}
