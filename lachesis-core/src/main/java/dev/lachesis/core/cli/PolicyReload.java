package dev.lachesis.core.cli;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.loop.Assembler;
import dev.lachesis.core.loop.Assembly;
import dev.lachesis.core.loop.MetricResolver;
import dev.lachesis.core.loop.SchedulerLoop;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code run} does on SIGHUP ({@code systemctl reload}): reads the policy file again, checks
 * it as {@code validate} does (the same {@link Assembler}), and on success hands the new assembly to
 * the loop, which switches between two rounds and keeps the threads a policy of the same name and
 * mechanism goes on scheduling ({@link SchedulerLoop#replace}). A file with an error changes nothing:
 * the daemon goes on with the file as it was and logs one line. The {@code status} and
 * {@code report} sections are read at start only; a change there is said to need a restart.
 * Reloads run one at a time.
 */
final class PolicyReload {
    private static final Logger LOG = LoggerFactory.getLogger(PolicyReload.class);

    private final ConfigOption file;
    private final Assembler assembler;
    private final Supplier<MetricResolver> resolver;
    private final SchedulerLoop loop;
    private final Consumer<String> logLevel;
    private final LachesisConfig started;

    /**
     * @param started the file as the daemon started with it
     * @param logLevel applies the reloaded file's {@code logging.level} (unless the command line set one)
     */
    PolicyReload(ConfigOption file, Assembler assembler, Supplier<MetricResolver> resolver,
                 SchedulerLoop loop, LachesisConfig started, Consumer<String> logLevel) {
        this.file = Objects.requireNonNull(file, "file");
        this.assembler = Objects.requireNonNull(assembler, "assembler");
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        this.loop = Objects.requireNonNull(loop, "loop");
        this.started = Objects.requireNonNull(started, "started");
        this.logLevel = Objects.requireNonNull(logLevel, "logLevel");
    }

    /** Reloads the file; returns whether the loop now runs it. */
    synchronized boolean reload() {
        LachesisConfig loaded;
        Assembly next;
        try {
            loaded = file.load();
            next = assembler.assemble(loaded, resolver);
        } catch (ConfigException e) {
            LOG.error("Reload of {} refused, still running it as it was: {}", file.file(),
                    String.join("; ", e.problems()));
            return false;
        }
        try {
            loop.replace(next);
        } catch (IllegalStateException e) {
            LOG.info("Reload of {} dropped: the daemon is stopping", file.file());
            return false;
        }
        logLevel.accept(loaded.logging().level());
        LOG.info("Reloaded {}: polic{} {}", file.file(), loop.policies().size() == 1 ? "y" : "ies",
                loop.policies().stream().map(p -> p.name() + " every " + p.period().toMillis() + " ms")
                        .collect(Collectors.joining(", ")));
        if (!loaded.status().equals(started.status()) || !loaded.report().equals(started.report())) {
            LOG.warn("The status and report sections of {} changed; they take effect at the next restart",
                    file.file());
        }
        return true;
    }
}
