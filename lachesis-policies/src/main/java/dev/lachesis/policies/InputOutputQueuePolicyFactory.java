package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/** Creates {@code qs-io} policies: QS-IO: main threads by input queue, helpers by output queue, sources by their internal queue (Lachesis-RT 2023). Found through {@link java.util.ServiceLoader}. */
public final class InputOutputQueuePolicyFactory extends SettingsPolicyFactory<QueueSizePolicy.Settings> {
    public InputOutputQueuePolicyFactory() {
        super("qs-io", QueueSizePolicy.Settings.class, "QS-IO: main threads by input queue, helpers by output queue, sources by their internal queue (Lachesis-RT 2023).");
    }

    @Override
    protected Policy build(PolicyContext context, QueueSizePolicy.Settings settings) {
        return new InputOutputQueuePolicy(context.name(), settings);
    }
}
