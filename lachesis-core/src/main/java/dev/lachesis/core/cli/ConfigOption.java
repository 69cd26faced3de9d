package dev.lachesis.core.cli;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigLoader;
import dev.lachesis.core.config.LachesisConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --config FILE} option the commands that read a policy file share (a picocli mixin). */
public final class ConfigOption {
    @Option(names = {"-c", "--config"}, required = true, paramLabel = "FILE",
            description = "The policy file (YAML); see config/*.yaml for commented examples.")
    private Path file;

    /** The file, loaded and bound (not yet validated for meaning). */
    LachesisConfig load() throws ConfigException {
        return ConfigLoader.load(file);
    }

    Path file() {
        return file;
    }
}
