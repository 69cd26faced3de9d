package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code random} policies ({@link RandomPolicy}); found through {@link java.util.ServiceLoader}. */
public final class RandomPolicyFactory extends SettingsPolicyFactory<RandomPolicy.Settings> {
    public RandomPolicyFactory() {
        super("random", RandomPolicy.Settings.class,
                "RANDOM: operators get uniformly random priorities, seedable.");
    }

    @Override
    protected Policy build(PolicyContext context, RandomPolicy.Settings settings) {
        return new RandomPolicy(context.name(), settings, context.seed());
    }
}
