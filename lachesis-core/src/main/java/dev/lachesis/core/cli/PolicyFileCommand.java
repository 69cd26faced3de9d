package dev.lachesis.core.cli;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.loop.Assembler;
import dev.lachesis.core.loop.Assembly;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What the commands that act on a policy file ({@code run}, {@code once}, {@code validate}) share:
 * its {@code --config} option, the log level, and the file's plug-ins assembled on the CLI's
 * environment, so each command says only what it does with them.
 */
abstract class PolicyFileCommand implements Callable<Integer> {
    @ParentCommand
    private LachesisCommand parent;
    @Spec
    private CommandSpec spec;
    @Mixin
    private ConfigOption config;

    /** The policy file, loaded and bound, with the log level it sets applied. */
    final LachesisConfig loadAtItsLevel() throws ConfigException {
        LachesisConfig loaded = config.load();
        applyConfiguredLevel(loaded.logging().level());
        return loaded;
    }

    /** The policy file, loaded and bound, logging at {@code level} whatever the file says. */
    final LachesisConfig loadLogging(LogLevel level) throws ConfigException {
        applyConfiguredLevel(level.label());
        return config.load();
    }

    /** Sets the log level a policy file names, unless {@code --log-level} said otherwise. */
    final void applyConfiguredLevel(String level) {
        parent.applyConfiguredLevel(level);
    }

    /** Builds what a policy file names from the plug-ins, threads and clock of the CLI's environment. */
    final Assembler assembler() {
        Environment env = environment();
        return new Assembler(env.plugins(), env.threads(), env.clock());
    }

    /** What {@code loaded} names, built and checked: the drivers, policies and translators of a round. */
    final Assembly assemble(LachesisConfig loaded) throws ConfigException {
        return assembler().assemble(loaded, environment().metrics());
    }

    final Environment environment() {
        return parent.environment();
    }

    final ConfigOption config() {
        return config;
    }

    final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    final PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
