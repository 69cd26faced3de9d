package dev.lachesis.core.config;

import java.util.List;

/**
 * A configuration that cannot be used. Its message is one line per problem, each naming the key
 * path and, where known, the file and line, in the shape
 * {@code policies[1].period (lachesis.yaml:14) was '0s' but must be at least 10ms}. The CLI prints
 * the message as it is and exits with code 2.
 */
public final class ConfigException extends Exception {
    private final List<String> problems;

    public ConfigException(String problem) {
        this(List.of(problem));
    }

    public ConfigException(List<String> problems) {
        super(String.join(System.lineSeparator(), problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a configuration error needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    /** Each problem on its own, one line each. */
    public List<String> problems() {
        return problems;
    }
}
