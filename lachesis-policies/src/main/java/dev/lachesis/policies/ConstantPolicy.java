package dev.lachesis.policies;

import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import dev.lachesis.core.spi.SpeRound;
import java.util.Optional;
import java.util.Set;

/**
 * CONSTANT: every thread of every query gets the same priority. Lets a user pin a set of threads to
 * one class and level: translators give equal priorities their range's highest value, so the RT
 * translator with {@code lowest: 50, highest: 50} puts every thread in SCHED_RR at 50. Immutable.
 */
public final class ConstantPolicy extends ThreadRatingPolicy {
    /** Label of the value in a thread's explanation. */
    public static final String VALUE = "constant";

    private final Settings settings;

    public ConstantPolicy(String name, Settings settings) {
        super(name);
        this.settings = settings;
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of();
    }

    @Override
    protected ThreadRater rater(SpeRound round) {
        Rating rating = Rating.of(VALUE, settings.value());
        return thread -> Optional.of(rating);
    }

    @Override
    public String toString() {
        return "constant{value=" + settings.value() + "}";
    }

    /**
     * CONSTANT's settings.
     *
     * @param value the priority every thread gets; required, finite
     */
    public record Settings(Double value) implements ValidatedSettings {
        @Override
        public void validate(SettingsCheck check) {
            check.requirePresent(value, "value", "the priority every thread gets");
            check.require(value == null || Double.isFinite(value), "value", "must be a finite number");
        }
    }
}
