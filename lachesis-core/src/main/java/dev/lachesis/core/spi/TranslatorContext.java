package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a translator gets at creation.
 *
 * @param name the name of the policy it serves (for group names and messages)
 * @param config its own settings ({@code policies[i].translator-settings}: range, normaliser, ...)
 * @param cgroups the daemon-wide {@code cgroups} section (hierarchy root, RT budget)
 * @param journal where original thread settings are recorded for {@code lachesis restore}
 * @param spes the SPEs whose threads its policy schedules; empty where not known (a translator used on
 *     its own, as by {@code lachesis set})
 * @param pollingSpes those of {@code spes} whose operator threads poll their queues
 *     ({@link SpeDriver#operatorThreadsPoll()})
 */
public record TranslatorContext(String name, ConfigNode config, ConfigNode cgroups, Path journal, List<String> spes,
                                Set<String> pollingSpes) {
    public TranslatorContext {
        spes = List.copyOf(Objects.requireNonNull(spes, "spes"));
        pollingSpes = Set.copyOf(Objects.requireNonNull(pollingSpes, "pollingSpes"));
    }

    /** A translator whose SPEs are not known. */
    public TranslatorContext(String name, ConfigNode config, ConfigNode cgroups, Path journal) {
        this(name, config, cgroups, journal, List.of(), Set.of());
    }

    /** Whether the policy schedules SPEs and every one of them runs operator threads that poll. */
    public boolean schedulesOnlyPollingSpes() {
        return !spes.isEmpty() && pollingSpes.containsAll(spes);
    }
}
