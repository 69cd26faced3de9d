package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code qs} policies ({@link QueueSizePolicy}); found through {@link java.util.ServiceLoader}. */
public final class QueueSizePolicyFactory extends SettingsPolicyFactory<QueueSizePolicy.Settings> {
    public QueueSizePolicyFactory() {
        super("qs", QueueSizePolicy.Settings.class,
                "QS: every thread of an operator ranked by its input queue (Lachesis 2021).");
    }

    @Override
    protected Policy build(PolicyContext context, QueueSizePolicy.Settings settings) {
        return new QueueSizePolicy(context.name(), settings);
    }
}
