package dev.lachesis.policies;

/**
 * A policy's settings record, bound from {@code policies[i].settings}, that checks the meaning of its
 * values (ranges, references) after binding. Jackson checks only their types.
 */
public interface ValidatedSettings {
    /** Records every problem with these values in {@code check}. */
    void validate(SettingsCheck check);
}
