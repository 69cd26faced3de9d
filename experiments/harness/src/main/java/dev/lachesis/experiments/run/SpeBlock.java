package dev.lachesis.experiments.run;

/**
 * The {@code spes:} entry of a policy file for one query JVM the experiments started: which driver
 * and which process, so the daemon schedules that JVM and leaves every other SPE on the machine
 * alone. Each SPE launcher of the experiments writes its own.
 */
@FunctionalInterface
public interface SpeBlock {
    /** The YAML of one list item under {@code spes:}, indented by two spaces, ending with a newline. */
    String yaml();
}
