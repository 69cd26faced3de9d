package dev.lachesis.core.cli;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.loop.Assembler;
import dev.lachesis.core.loop.Assembly;
import dev.lachesis.core.loop.SchedulerLoop;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code lachesis run}: the daemon. Validates and assembles the policy file, then schedules until
 * SIGTERM or SIGINT, when a shutdown hook stops the loop and restores every thread.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Run the scheduler until stopped (SIGTERM/SIGINT restore every thread).")
final class RunCommand implements Callable<Integer> {
    @ParentCommand
    private LachesisCommand parent;
    @Mixin
    private ConfigOption config;

    @Override
    public Integer call() throws ConfigException, InterruptedException {
        LachesisConfig loaded = config.load();
        parent.applyConfiguredLevel(loaded.logging().level());
        Environment env = parent.environment();
        Assembly assembly = new Assembler(env.plugins(), env.threads(), env.clock()).assemble(loaded, env.metrics());
        SchedulerLoop loop = new SchedulerLoop(assembly, env.clock());
        Thread hook = new Thread(loop::close, "lachesis-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        loop.start();
        boolean normal = loop.awaitTermination();
        return normal ? 0 : LachesisCommand.RUNTIME_FAILURE;
    }
}
