package dev.lachesis.policies;

import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.spi.SpeRound;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * RANDOM (2021 paper §5.1): every physical operator gets a priority drawn uniformly from
 * [{@code min}, {@code max}) each round, shared by all its threads; a thread without an operator
 * gets its own draw. A baseline that shows what a policy's information is worth. Draws come from a
 * generator seeded once from {@link dev.lachesis.core.spi.PolicyContext#seed()}, in the driver's
 * thread order, so a run is reproducible. Not thread-safe: the generator advances every round.
 */
public final class RandomPolicy extends ThreadRatingPolicy {
    /** Label of the drawn value in a thread's explanation. */
    public static final String DRAW = "random";

    private final Settings settings;
    private final long seed;
    private final Random random;

    public RandomPolicy(String name, Settings settings, long seed) {
        super(name);
        this.settings = settings;
        this.seed = seed;
        this.random = new Random(seed);
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of();
    }

    @Override
    protected ThreadRater rater(SpeRound round) {
        Map<String, Double> byOperator = new HashMap<>();
        return thread -> Optional.of(Rating.of(DRAW, draw(thread, byOperator)));
    }

    private double draw(OperatorThread thread, Map<String, Double> byOperator) {
        if (thread.operatorId() == null) {
            return next();
        }
        return byOperator.computeIfAbsent(thread.operatorId(), op -> next());
    }

    private double next() {
        return settings.min() + random.nextDouble() * (settings.max() - settings.min());
    }

    @Override
    public String toString() {
        return "random{min=" + settings.min() + ", max=" + settings.max() + ", seed=" + seed + "}";
    }

    /**
     * RANDOM's settings.
     *
     * @param min the lowest priority drawn (inclusive), default 0
     * @param max the bound of the draws (exclusive), default 1; greater than {@code min}
     */
    public record Settings(Double min, Double max) implements ValidatedSettings {
        public Settings {
            min = Objects.requireNonNullElse(min, 0.0);
            max = Objects.requireNonNullElse(max, 1.0);
        }

        @Override
        public void validate(SettingsCheck check) {
            check.require(Double.isFinite(min), "min", "must be a finite number");
            check.require(Double.isFinite(max), "max", "must be a finite number");
            check.require(max > min, "max", "must be greater than min (" + min + ")");
        }
    }
}
