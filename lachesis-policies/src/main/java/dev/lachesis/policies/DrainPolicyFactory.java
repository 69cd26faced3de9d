package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code drain} policies ({@link DrainPolicy}); found through {@link java.util.ServiceLoader}. */
public final class DrainPolicyFactory extends SettingsPolicyFactory<SettingsPolicyFactory.NoSettings> {
    public DrainPolicyFactory() {
        super("drain", NoSettings.class,
                "DRAIN: operators ranked by the work waiting for them they can do (queue x cost x not back-pressured).");
    }

    @Override
    protected Policy build(PolicyContext context, NoSettings settings) {
        return new DrainPolicy(context.name());
    }
}
