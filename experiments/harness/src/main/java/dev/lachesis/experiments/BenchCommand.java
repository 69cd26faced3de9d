package dev.lachesis.experiments;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.experiments.soak.SoakCommand;
import dev.lachesis.experiments.sweep.GeneraliseCommand;
import dev.lachesis.experiments.sweep.SaturationCommand;
import dev.lachesis.experiments.sweep.SweepCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code lachesis-bench}: starts the real SPEs and example queries that experiments and end-to-end
 * tests run Lachesis against. Only this class and its subcommands write to the console.
 */
@Command(name = "lachesis-bench", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        description = "Runs example queries on real stream processing engines for Lachesis experiments.",
        subcommands = {QueryCommand.class, SaturationCommand.class, SweepCommand.class, GeneraliseCommand.class,
                ReportCommand.class, SoakCommand.class})
public final class BenchCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line {@link #main} runs: a failure prints one line, without a stack trace. */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new BenchCommand());
        commandLine.setExecutionExceptionHandler((e, failed, parseResult) -> {
            failed.getErr().println("lachesis-bench: " + e.getMessage());
            return CommandLine.ExitCode.SOFTWARE;
        });
        return commandLine;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }
}
