package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code fcfs} policies ({@link FirstComeFirstServePolicy}); found through {@link java.util.ServiceLoader}. */
public final class FirstComeFirstServePolicyFactory extends SettingsPolicyFactory<SettingsPolicyFactory.NoSettings> {
    public FirstComeFirstServePolicyFactory() {
        super("fcfs", SettingsPolicyFactory.NoSettings.class,
                "FCFS: operators ranked by the age of their oldest waiting tuple.");
    }

    @Override
    protected Policy build(PolicyContext context, SettingsPolicyFactory.NoSettings settings) {
        return new FirstComeFirstServePolicy(context.name());
    }
}
