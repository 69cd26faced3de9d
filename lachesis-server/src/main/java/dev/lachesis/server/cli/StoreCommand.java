package dev.lachesis.server.cli;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.core.cli.DurationConverter;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis store}: runs the embedded metric store on its own, in the foreground until SIGTERM
 * or Ctrl-C, for setups where several daemons or a Grafana share one store. SPE reporters send carbon
 * plaintext to {@code --carbon-port}; daemons and Grafana read {@code --http-port} as they would read
 * graphite-web.
 */
@Command(name = "store", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Runs the embedded metric store (carbon plaintext in, Graphite render API out) until stopped.")
public final class StoreCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;


    @Option(names = "--carbon-port", paramLabel = "PORT", defaultValue = "2003",
            description = "carbon plaintext port; 0 picks a free one (default: ${DEFAULT-VALUE})")
    private int carbonPort;

    @Option(names = "--http-port", paramLabel = "PORT", defaultValue = "8080",
            description = "port of /render and /metrics/find; 0 picks a free one (default: ${DEFAULT-VALUE})")
    private int httpPort;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = EmbeddedStoreConfig.DEFAULT_BIND_ADDRESS,
            description = "IP address both listeners bind to (default: ${DEFAULT-VALUE})")
    private String bind;

    @Option(names = "--max-series", paramLabel = "N", defaultValue = "10000",
            description = "most series kept; new ones are dropped when full (default: ${DEFAULT-VALUE})")
    private int maxSeries;

    @Option(names = "--retention", paramLabel = "DURATION", defaultValue = "60s",
            converter = DurationConverter.class,
            description = "how long points are kept, in 1-second buckets (default: ${DEFAULT-VALUE})")
    private Duration retention;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        EmbeddedStoreConfig settings = new EmbeddedStoreConfig(bind, carbonPort, httpPort, maxSeries, retention);
        List<String> problems = new ArrayList<>();
        settings.validate(ConfigNode.empty(""), Duration.ofSeconds(1), problems);
        if (!problems.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--" + String.join(System.lineSeparator() + "--", problems));
        }
        EmbeddedMetricSource store;
        try {
            store = EmbeddedMetricSource.start(settings, Duration.ofSeconds(10), Clock.systemUTC());
        } catch (IOException e) {
            spec.commandLine().getErr().println("cannot start the embedded store: " + e.getMessage());
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            store.close();
            stopped.countDown();
        }, "lachesis-store-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.printf("Embedded store: carbon plaintext on %s:%d, HTTP on http://%s:%d, up to %d series x %s; "
                        + "stop with Ctrl-C or SIGTERM%n", bind, store.carbonPort(), bind, store.httpPort(), maxSeries,
                DurationText.format(retention));
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            stopWithoutHook(hook, store);
        }
        return 0;
    }

    /** Stops the store when the command ends other than by a signal (an interrupted test, say). */
    private static void stopWithoutHook(Thread hook, EmbeddedMetricSource store) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return;
        }
        store.close();
    }
}
