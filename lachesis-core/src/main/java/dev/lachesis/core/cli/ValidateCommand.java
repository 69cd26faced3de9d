package dev.lachesis.core.cli;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.loop.Assembly;
import dev.lachesis.core.loop.ScheduledPolicy;
import picocli.CommandLine.Command;

/**
 * {@code lachesis validate}: everything {@code run} checks before its first round — the file, the
 * plug-ins it names, schedule forms and metric resolution — without scheduling anything. It prints
 * its verdict and nothing else: one line per problem, or one line saying the file is valid; it logs
 * warnings and errors only (unless {@code --log-level} says otherwise).
 */
@Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Check a policy file and exit: 0 valid, 2 not (one line per problem).")
final class ValidateCommand extends PolicyFileCommand {

    @Override
    public Integer call() throws ConfigException {
        // The verdict is the output: start-up news (capabilities, drivers, translators closing) stays out.
        LachesisConfig loaded = loadLogging(LogLevel.WARN);
        try (Assembly assembly = assemble(loaded)) {
            out().println(loaded.file() + " is valid: " + assembly.spes().size()
                    + " SPE instance(s), policies " + assembly.policies().stream().map(ScheduledPolicy::name).toList());
        }
        return 0;
    }
}
