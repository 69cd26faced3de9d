package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/**
 * Creates {@code qs-groups} policies: QS with each operator in a cgroup of its own whose share follows
 * its input queue ({@link OperatorGroupsPolicy} around {@link QueueSizePolicy}), for the cgroup
 * translator. Found through {@link java.util.ServiceLoader}.
 */
public final class QueueSizeGroupsPolicyFactory extends SettingsPolicyFactory<QueueSizePolicy.Settings> {
    public QueueSizeGroupsPolicyFactory() {
        super("qs-groups", QueueSizePolicy.Settings.class,
                "QS per operator cgroup: each operator's cpu.shares/cpu.weight in proportion to its input queue"
                        + " (Lachesis 2021, 6.4).");
    }

    @Override
    protected Policy build(PolicyContext context, QueueSizePolicy.Settings settings) {
        return new OperatorGroupsPolicy(new QueueSizePolicy(context.name(), settings));
    }
}
