package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code static} policies ({@link StaticPolicy}); found through {@link java.util.ServiceLoader}. */
public final class StaticPolicyFactory extends SettingsPolicyFactory<StaticPolicy.Settings> {
    public StaticPolicyFactory() {
        super("static", StaticPolicy.Settings.class,
                "STATIC: hand-set priorities per operator name, kept on every thread as threads come and go.");
    }

    @Override
    protected Policy build(PolicyContext context, StaticPolicy.Settings settings) {
        return new StaticPolicy(context.name(), settings);
    }
}
