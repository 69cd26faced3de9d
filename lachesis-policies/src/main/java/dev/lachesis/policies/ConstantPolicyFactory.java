package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code constant} policies ({@link ConstantPolicy}); found through {@link java.util.ServiceLoader}. */
public final class ConstantPolicyFactory extends SettingsPolicyFactory<ConstantPolicy.Settings> {
    public ConstantPolicyFactory() {
        super("constant", ConstantPolicy.Settings.class,
                "CONSTANT: every thread gets the same configured priority.");
    }

    @Override
    protected Policy build(PolicyContext context, ConstantPolicy.Settings settings) {
        return new ConstantPolicy(context.name(), settings);
    }
}
