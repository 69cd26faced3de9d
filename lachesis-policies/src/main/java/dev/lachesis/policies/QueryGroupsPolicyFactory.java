package dev.lachesis.policies;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;

/**
 * Creates {@code query-groups} policies ({@link QueryGroupsPolicy}). Found through
 * {@link java.util.ServiceLoader}.
 */
public final class QueryGroupsPolicyFactory extends SettingsPolicyFactory<QueryGroupsPolicy.Settings> {
    public QueryGroupsPolicyFactory() {
        super("query-groups", QueryGroupsPolicy.Settings.class,
                "Query groups: each query in its own group (cgroup) with a configured priority (shares/weight).");
    }

    @Override
    protected Policy build(PolicyContext context, QueryGroupsPolicy.Settings settings) {
        return new QueryGroupsPolicy(context.name(), settings);
    }
}
