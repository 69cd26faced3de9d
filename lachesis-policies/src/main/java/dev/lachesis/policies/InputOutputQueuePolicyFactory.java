package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code qs-io} policies ({@link InputOutputQueuePolicy}); found through {@link java.util.ServiceLoader}. */
public final class InputOutputQueuePolicyFactory extends SettingsPolicyFactory<QueueSizePolicy.Settings> {
    public InputOutputQueuePolicyFactory() {
        super("qs-io", QueueSizePolicy.Settings.class,
                "QS-IO: threads ranked by the queue they drain: input, output or inside the source (Lachesis-RT).");
    }

    @Override
    protected Policy build(PolicyContext context, QueueSizePolicy.Settings settings) {
        return new InputOutputQueuePolicy(context.name(), settings);
    }
}
