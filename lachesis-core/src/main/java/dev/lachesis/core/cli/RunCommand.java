package dev.lachesis.core.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.loop.Assembler;
import dev.lachesis.core.loop.Assembly;
import dev.lachesis.core.loop.RoundListener;
import dev.lachesis.core.loop.RoundListenerFactory;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.loop.RunningDaemon;
import dev.lachesis.core.loop.SchedulerLoop;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.ServiceManager;
import dev.lachesis.core.loop.ThreadRow;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code lachesis run}: the daemon. Validates and assembles the policy file, then schedules until
 * SIGTERM or SIGINT, when a shutdown hook stops the loop and restores every thread. With
 * {@code --rounds} it prints every round's threads as {@code once} does (JSON: one {@link RoundLine} per line),
 * so a person or a script can watch it; with {@code --dry-run} it only plans and changes nothing.
 * Plug-ins that watch it ({@link RoundListenerFactory}: lachesis-server's status endpoint and
 * carbon report, when the file has a {@code status} or {@code report} section) see every round. Started by systemd
 * with {@code Type=notify}, it says when it is ready and, every round, that it is alive
 * ({@link ServiceManagerNews}). SIGHUP ({@code systemctl reload}) re-reads the policy file
 * ({@link PolicyReload}).
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Run the scheduler until stopped (SIGTERM/SIGINT restore every thread; SIGHUP reloads the file).")
final class RunCommand extends PolicyFileCommand {
    private static final Logger LOG = LoggerFactory.getLogger(RunCommand.class);
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    @Option(names = "--dry-run", description = "Only compute what the translators would set each round; change no thread.")
    private boolean dryRun;
    @Option(names = "--rounds", paramLabel = "FORMAT",
            description = "Print every round's threads on standard output: ${COMPLETION-CANDIDATES} "
                    + "(json: one object per line and round: startedAt, durationMs, outcome, threads).")
    private OutputFormat rounds;

    @Override
    public Integer call() throws ConfigException, InterruptedException {
        LachesisConfig loaded = loadAtItsLevel();
        Environment env = environment();
        Assembler assembler = assembler();
        Assembly assembly = assembler.assemble(loaded, env.metrics());
        List<ServiceManager> managers = Plugins.services(ServiceManager.class, "service manager",
                RunCommand.class.getClassLoader()).stream().filter(ServiceManager::isPresent).toList();
        List<RoundListener> watchers = new CopyOnWriteArrayList<>();
        Consumer<RoundResult> listeners = printer(out())
                .andThen(round -> watchers.forEach(watcher -> watcher.accept(round)))
                .andThen(new ServiceManagerNews(managers));
        SchedulerLoop loop = new SchedulerLoop(assembly, env.clock(), !dryRun, listeners);
        try {
            RunningDaemon daemon = new RunningDaemon(ManifestVersion.version(), env.clock(), !dryRun, loop::policies,
                    loop::activeConditions);
            for (RoundListenerFactory factory : Plugins.services(RoundListenerFactory.class, "round listener",
                    RunCommand.class.getClassLoader())) {
                factory.start(loaded, daemon).ifPresent(watchers::add);
            }
            Thread hook = new Thread(() -> {
                managers.forEach(ServiceManager::stopping);
                loop.close();
            }, "lachesis-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            PolicyReload reload = new PolicyReload(config(), assembler, env.metrics(), loop, loaded,
                    this::applyConfiguredLevel);
            String noReload = HangUpSignal.handle(reload::reload);
            if (noReload != null) {
                LOG.warn("SIGHUP cannot reload the policy file ({}); restart the daemon to change it", noReload);
            }
            loop.start();
            boolean normal = loop.awaitTermination();
            return normal ? 0 : LachesisCommand.RUNTIME_FAILURE;
        } catch (RuntimeException e) {
            loop.close();
            throw e;
        } finally {
            watchers.forEach(RoundListener::close);
        }
    }

    private Consumer<RoundResult> printer(PrintWriter out) {
        if (rounds == null) {
            return round -> { };
        }
        return round -> {
            List<ThreadRow> rows = ThreadRow.of(round);
            if (rounds == OutputFormat.JSON) {
                try {
                    out.println(JSON.writeValueAsString(RoundLine.of(round, rows)));
                } catch (JsonProcessingException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                out.println(round.report().startedAt());
                OnceCommand.printTable(rows, out);
                out.println();
            }
            out.flush();
        };
    }
}
