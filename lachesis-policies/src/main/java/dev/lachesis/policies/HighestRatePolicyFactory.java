package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code hr} policies ({@link HighestRatePolicy}); found through {@link java.util.ServiceLoader}. */
public final class HighestRatePolicyFactory extends SettingsPolicyFactory<SettingsPolicyFactory.NoSettings> {
    public HighestRatePolicyFactory() {
        super("hr", SettingsPolicyFactory.NoSettings.class,
                "HR: operators ranked by global output rate, path selectivity over path cost (log-spaced).");
    }

    @Override
    protected Policy build(PolicyContext context, SettingsPolicyFactory.NoSettings settings) {
        return new HighestRatePolicy(context.name());
    }
}
