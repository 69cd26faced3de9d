package dev.lachesis.core.cli;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.spi.CommandProvider;
import dev.lachesis.core.spi.Plugins;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code lachesis} command: holds what every subcommand shares (the {@link Environment} and
 * {@code --log-level}) and prints usage when called alone. A new subcommand is one entry in the
 * {@code subcommands} list below; plug-in modules add theirs through {@link CommandProvider}. Exit codes: 0 ok, 1 runtime failure, 2 usage or configuration
 * error.
 */
@Command(name = "lachesis", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Schedules the threads of stream processing engines through the Linux scheduler.",
        subcommands = {
            RunCommand.class,
            OnceCommand.class,
            ThreadsCommand.class,
            ValidateCommand.class,
        })
public final class LachesisCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(LachesisCommand.class);
    /** Exit code for a configuration or usage error, the same as picocli's for a bad option. */
    public static final int CONFIG_ERROR = CommandLine.ExitCode.USAGE;
    /** Exit code for a failure while running. */
    public static final int RUNTIME_FAILURE = CommandLine.ExitCode.SOFTWARE;

    private final Environment environment;
    private LogLevel logLevel;

    @Spec
    private CommandSpec spec;

    public LachesisCommand(Environment environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    /** A command line ready to {@code execute}, with the exit codes and error printing installed. */
    public static CommandLine commandLine(Environment environment) {
        CommandLine cli = new CommandLine(new LachesisCommand(environment));
        addPluginCommands(cli, environment);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof ConfigException config) {
                config.problems().forEach(commandLine.getErr()::println);
                commandLine.getErr().flush();
                return CONFIG_ERROR;
            }
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            commandLine.getErr().println("lachesis: " + message);
            commandLine.getErr().flush();
            LOG.debug("Command failed", e);
            return RUNTIME_FAILURE;
        });
        return cli;
    }

    private static void addPluginCommands(CommandLine cli, Environment environment) {
        for (CommandProvider provider : Plugins.services(CommandProvider.class, "command",
                LachesisCommand.class.getClassLoader())) {
            for (Object command : provider.commands(environment.threads())) {
                cli.addSubcommand(command);
            }
        }
    }

    @Option(names = "--log-level", scope = ScopeType.INHERIT, paramLabel = "LEVEL",
            description = "Log level: ${COMPLETION-CANDIDATES}; overrides the file's logging.level (default: info).")
    void setLogLevel(LogLevel level) {
        logLevel = level;
        LogLevels.set(level.label());
    }

    /** Applies {@code level} (the policy file's, or a command's own) unless {@code --log-level} was given. */
    public void applyConfiguredLevel(String level) {
        if (logLevel == null) {
            LogLevels.set(level);
        }
    }

    Environment environment() {
        return environment;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return CONFIG_ERROR;
    }
}
