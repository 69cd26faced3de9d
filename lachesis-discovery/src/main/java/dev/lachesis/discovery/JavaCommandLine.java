package dev.lachesis.discovery;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code java} command line split as the launcher reads it: the JVM's options, what it launches
 * (a main class, {@code -jar FILE} or {@code -m MODULE[/CLASS]}) and the program's own arguments.
 *
 * <p>Drivers recognise an SPE's processes by what a JVM <em>launches</em>, not by any word on its
 * command line: a wrapper such as Storm 2's {@code org.apache.storm.LogWriter} carries the whole
 * command line of the worker it starts as its arguments, and Flink's client, JobManager and
 * TaskManagers all have {@code flink-dist} on their class paths. Immutable.
 *
 * @param options the JVM options before what it launches, values of two-word options included
 * @param launch the main class, the jar after {@code -jar} or the module after {@code -m}/{@code --module}
 * @param arguments the program's arguments after {@code launch}
 */
public record JavaCommandLine(List<String> options, String launch, List<String> arguments) {
    /** Launcher options whose value is the next argument ({@code java -help}; {@code --opt=value} is one). */
    private static final Set<String> OPTIONS_WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p",
            "--module-path", "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-reads",
            "--add-exports", "--add-opens", "--patch-module", "--enable-native-access", "--source");
    private static final Set<String> LAUNCH_OPTIONS = Set.of("-jar", "-m", "--module");

    public JavaCommandLine {
        options = List.copyOf(options);
        arguments = List.copyOf(arguments);
    }

    /**
     * Splits a process's command line ({@code /proc/<pid>/cmdline}); empty when its executable is not
     * {@code java} or it launches nothing (e.g. {@code java -version}).
     */
    public static Optional<JavaCommandLine> parse(List<String> cmdline) {
        if (cmdline.isEmpty() || !isJava(cmdline.get(0))) {
            return Optional.empty();
        }
        int i = 1;
        while (i < cmdline.size()) {
            String arg = cmdline.get(i);
            if (LAUNCH_OPTIONS.contains(arg)) {
                return i + 1 < cmdline.size()
                        ? Optional.of(new JavaCommandLine(cmdline.subList(1, i + 1), cmdline.get(i + 1),
                                cmdline.subList(i + 2, cmdline.size())))
                        : Optional.empty();
            }
            if (!arg.startsWith("-")) {
                return Optional.of(new JavaCommandLine(cmdline.subList(1, i), arg, cmdline.subList(i + 1, cmdline.size())));
            }
            i += OPTIONS_WITH_VALUE.contains(arg) ? 2 : 1;
        }
        return Optional.empty();
    }

    /** The class it runs: {@code launch} for a main class or a module's {@code MODULE/CLASS}; empty for {@code -jar}. */
    public Optional<String> mainClass() {
        if (!options.isEmpty() && options.get(options.size() - 1).equals("-jar")) {
            return Optional.empty();
        }
        int slash = launch.indexOf('/');
        return Optional.of(slash < 0 ? launch : launch.substring(slash + 1));
    }

    /** Whether the JVM's options or what it launches (not its program's arguments) contain one of {@code markers}. */
    public boolean launchMentionsAny(Collection<String> markers) {
        for (String marker : markers) {
            if (launch.contains(marker) || options.stream().anyMatch(option -> option.contains(marker))) {
                return true;
            }
        }
        return false;
    }

    /** The value of a system property set with {@code -Dname=value}; the last one wins, as in the JVM. */
    public Optional<String> systemProperty(String name) {
        String prefix = "-D" + name + "=";
        Optional<String> value = Optional.empty();
        for (String option : options) {
            if (option.startsWith(prefix)) {
                value = Optional.of(option.substring(prefix.length()));
            }
        }
        return value;
    }

    private static boolean isJava(String executable) {
        Path name = Path.of(executable).getFileName();
        return name != null && name.toString().equals("java");
    }
}
