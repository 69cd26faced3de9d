package dev.lachesis.core.config;

/**
 * A plug-in's settings record, bound from its {@code settings} node ({@code policies[i].settings},
 * {@code spes[i].settings}), that checks the meaning of its values (ranges, references) after
 * binding. Jackson checks only their types.
 */
public interface ValidatedSettings {
    /** Records every problem with these values in {@code check}. */
    void validate(SettingsCheck check);
}
