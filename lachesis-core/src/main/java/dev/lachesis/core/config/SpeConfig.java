package dev.lachesis.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One entry of {@code spes}: an SPE instance Lachesis schedules, the driver that sees it and the
 * driver's own settings. The driver receives the whole entry as its {@link ConfigNode}. Immutable.
 *
 * @param name the instance's name, used by {@code policies[].spes} and in logs
 * @param driver the driver plug-in's name ({@code storm}, {@code flink})
 * @param pids worker process ids to watch; empty when the driver finds them itself
 * @param discovery how the driver finds worker processes when {@code pids} is empty (driver-specific)
 * @param metrics keys that replace those of the top-level {@code metrics} section for this SPE only
 * @param settings driver-specific settings
 */
public record SpeConfig(String name, String driver, List<Integer> pids, JsonNode discovery, JsonNode metrics,
                        JsonNode settings) {

    public SpeConfig {
        pids = pids == null ? List.of() : List.copyOf(pids);
    }
}
