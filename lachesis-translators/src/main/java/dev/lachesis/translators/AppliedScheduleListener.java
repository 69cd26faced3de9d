package dev.lachesis.translators;

import dev.lachesis.core.spi.TranslationPlan;

/**
 * Told, after each apply, what a translator set: every thread with its raw priority and its OS value.
 * For a status endpoint or a Graphite reporter. Called on the applying thread; must be quick and must
 * not throw.
 */
@FunctionalInterface
public interface AppliedScheduleListener {
    void applied(TranslationPlan asApplied);
}
