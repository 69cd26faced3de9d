package dev.lachesis.core.cli;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.loop.Assembler;
import dev.lachesis.core.loop.Assembly;
import dev.lachesis.core.loop.ScheduledPolicy;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis validate}: everything {@code run} checks before its first round — the file, the
 * plug-ins it names, schedule forms and metric resolution — without scheduling anything. It prints
 * its verdict and nothing else: one line per problem, or one line saying the file is valid; it logs
 * warnings and errors only (unless {@code --log-level} says otherwise).
 */
@Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Check a policy file and exit: 0 valid, 2 not (one line per problem).")
final class ValidateCommand implements Callable<Integer> {
    @ParentCommand
    private LachesisCommand parent;
    @Spec
    private CommandSpec spec;
    @Mixin
    private ConfigOption config;

    @Override
    public Integer call() throws ConfigException {
        // The verdict is the output: start-up news (capabilities, drivers, translators closing) stays out.
        parent.applyConfiguredLevel(LogLevel.WARN.label());
        LachesisConfig loaded = config.load();
        Environment env = parent.environment();
        try (Assembly assembly = new Assembler(env.plugins(), env.threads(), env.clock())
                .assemble(loaded, env.metrics())) {
            spec.commandLine().getOut().println(loaded.file() + " is valid: " + assembly.spes().size()
                    + " SPE instance(s), policies " + assembly.policies().stream().map(ScheduledPolicy::name).toList());
        }
        return 0;
    }
}
