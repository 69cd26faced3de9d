package dev.lachesis.core.spi;

import java.util.List;

/**
 * Lets a plug-in module add subcommands to {@code lachesis} (the translators add {@code set} and
 * {@code restore}) without the core depending on it. Listed in {@code META-INF/services} and loaded
 * with {@link java.util.ServiceLoader} when the command line is built.
 */
public interface CommandProvider {
    /**
     * The picocli command objects to add, each annotated with {@code @Command(name = ...)}.
     *
     * @param threads the daemon's JVM thread discovery, for commands that match threads by Java name
     */
    List<Object> commands(JvmThreadLister threads);
}
