package dev.lachesis.policies.heaviest;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.policies.SettingsPolicyFactory;

/** Creates {@code heaviest-first} policies ({@link HeaviestFirstPolicy}); found through {@link java.util.ServiceLoader}. */
public final class HeaviestFirstPolicyFactory extends SettingsPolicyFactory<HeaviestFirstPolicy.Settings> {
    public HeaviestFirstPolicyFactory() {
        super("heaviest-first", HeaviestFirstPolicy.Settings.class,
                "HEAVIEST-FIRST: each query's operators that take the most CPU first, its sources next, the rest"
                        + " left to the kernel; kept steady and compared with the kernel alone now and then.");
    }

    @Override
    protected Policy build(PolicyContext context, HeaviestFirstPolicy.Settings settings) {
        return new HeaviestFirstPolicy(context.name(), settings);
    }
}
