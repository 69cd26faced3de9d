package dev.lachesis.policies;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import java.util.Objects;

/**
 * The one way this module's policies are created: bind {@code policies[i].settings} to the
 * policy's settings record, check every value's meaning, build the policy, then wrap it in
 * {@link RealTimeGuard} when its translator is real-time and in {@link TracingPolicy}. Subclasses
 * only say how to build. Immutable.
 *
 * @param <S> the settings record
 */
public abstract class SettingsPolicyFactory<S extends ValidatedSettings> implements PolicyFactory {
    private final String name;
    private final Class<S> settingsType;
    private final String description;

    protected SettingsPolicyFactory(String name, Class<S> settingsType, String description) {
        this.name = Objects.requireNonNull(name, "name");
        this.settingsType = Objects.requireNonNull(settingsType, "settingsType");
        this.description = Objects.requireNonNull(description, "description");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Policy create(PolicyContext context) throws ConfigException {
        S settings = context.config().bind(settingsType);
        SettingsCheck check = new SettingsCheck(context.config());
        settings.validate(check);
        check.throwIfAny();
        Policy policy = build(context, settings);
        if (context.realTime() && policy.form() == ScheduleForm.SINGLE_PRIORITY) {
            policy = new RealTimeGuard(policy);
        }
        return new TracingPolicy(context.name(), policy);
    }

    /**
     * Builds the policy from valid settings.
     *
     * @throws ConfigException for problems only visible while building (a nested policy's settings)
     */
    protected abstract Policy build(PolicyContext context, S settings) throws ConfigException;

    /** Settings for a policy that has none: any key is an error. */
    public record NoSettings() implements ValidatedSettings {
        @Override
        public void validate(SettingsCheck check) {
            // Nothing to check: binding already rejected every key.
        }
    }
}
