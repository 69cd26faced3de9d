package dev.lachesis.policies;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Creates {@code multi-class} policies ({@link MultiClassPolicy}); each class's inner policy is made
 * by the factory its {@code policy} key names, with its own {@code settings}, so any single-priority
 * policy on the class path can rank a class. Found through {@link java.util.ServiceLoader}.
 */
public final class MultiClassPolicyFactory extends SettingsPolicyFactory<MultiClassPolicyFactory.Settings> {
    public MultiClassPolicyFactory() {
        super("multi-class", Settings.class,
                "Multi-class: higher classes of queries always ahead of lower ones, each class with its own policy.");
    }

    @Override
    protected Policy build(PolicyContext context, Settings settings) throws ConfigException {
        Plugins<PolicyFactory> factories = Plugins.load(PolicyFactory.class, "policy", getClass().getClassLoader());
        SettingsCheck check = new SettingsCheck(context.config());
        List<MultiClassPolicy.PriorityClass> classes = new ArrayList<>();
        for (int i = 0; i < settings.classes().size(); i++) {
            ClassSettings c = settings.classes().get(i);
            ConfigNode node = context.config().child("classes").element(i);
            try {
                PolicyFactory factory = factories.get(c.policy(), where(node.child("policy")));
                Policy inner = factory.create(new PolicyContext(context.name() + "." + c.name(),
                        node.child("settings"), false, context.seed() + i));
                if (inner.form() != ScheduleForm.SINGLE_PRIORITY) {
                    check.require(false, "classes[" + i + "].policy",
                            "must name a policy that ranks threads, not one that groups them");
                    continue;
                }
                classes.add(new MultiClassPolicy.PriorityClass(c.name(), new HashSet<>(c.queries()), inner,
                        c.spacing()));
            } catch (ConfigException e) {
                check.addAll(e);
            }
        }
        check.throwIfAny();
        return new MultiClassPolicy(context.name(), classes);
    }

    private static String where(ConfigNode node) {
        return node.path() + node.lines().locate(node.path()).map(l -> " " + l).orElse("");
    }

    /**
     * The classes, highest first.
     *
     * @param classes at least one
     */
    public record Settings(List<ClassSettings> classes) implements ValidatedSettings {
        public Settings {
            classes = classes == null ? List.of() : List.copyOf(classes);
        }

        @Override
        public void validate(SettingsCheck check) {
            if (classes.isEmpty()) {
                check.requirePresent(null, "classes",
                        "a list of classes, highest first, each with a name and a policy");
                return;
            }
            Set<String> names = new HashSet<>();
            Map<String, String> classOfQuery = new HashMap<>();
            int catchAll = 0;
            for (int i = 0; i < classes.size(); i++) {
                ClassSettings c = classes.get(i);
                String at = "classes[" + i + "]";
                check.requirePresent(c.name(), at + ".name", "the class's name");
                check.requirePresent(c.policy(), at + ".policy",
                        "the name of the policy that ranks the class's queries");
                check.require(c.name() == null || names.add(c.name()), at + ".name",
                        "must differ from the other classes' names");
                check.require(!"multi-class".equals(c.policy()), at + ".policy", "cannot be multi-class itself");
                if (c.queries().isEmpty()) {
                    catchAll++;
                    check.require(catchAll <= 1, at + ".queries",
                            "must list queries: only one class may take all queries the others do not name");
                }
                for (int j = 0; j < c.queries().size(); j++) {
                    String previous = classOfQuery.putIfAbsent(c.queries().get(j), String.valueOf(c.name()));
                    check.require(previous == null, at + ".queries[" + j + "]",
                            "is already in class " + previous + "; a query belongs to one class");
                }
            }
        }
    }

    /**
     * One class.
     *
     * @param name the class's name, unique
     * @param queries names or ids of its queries; none for the one class that takes all others
     * @param policy the name of its inner policy ({@code fcfs}, {@code hr}, ...)
     * @param settings the inner policy's settings, bound by the inner policy's own factory
     * @param spacing {@code linear} (default) or {@code log} (for HR)
     */
    public record ClassSettings(String name, List<String> queries, String policy, Map<String, Object> settings,
                                MultiClassPolicy.Spacing spacing) {
        public ClassSettings {
            queries = queries == null ? List.of() : List.copyOf(new LinkedHashSet<>(queries));
            spacing = spacing == null ? MultiClassPolicy.Spacing.LINEAR : spacing;
        }
    }
}
