package dev.lachesis.server.cli;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.core.cli.DurationConverter;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.metricsource.SeriesAggregates;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import dev.lachesis.core.metricsource.graphite.GraphiteMetricSource;
import dev.lachesis.core.metricsource.graphite.GraphiteSourceConfig;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis metrics}: shows whether an SPE reports at all, by printing every series matching
 * the patterns with its last value, mean and per-second rate over the window. Reads a Graphite
 * server, or with {@code --source embedded} listens for carbon plaintext itself for one window.
 * Exit code 0 when something matched, 1 when nothing did or the source failed.
 */
@Command(name = "metrics", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Prints the series matching Graphite patterns, with last value, mean and rate.",
        description = "Reads a Graphite server's render API, or with --source embedded listens for carbon plaintext "
                + "on --carbon-port for one window and reads what arrived. Exits with 0 when a series matched, 1 when "
                + "none did or the source failed.")
public final class MetricsCommand implements Callable<Integer> {
    /** The value of {@code --source} that starts an embedded store instead of reading Graphite. */
    public static final String EMBEDDED = "embedded";

    @Spec
    private CommandSpec spec;


    @Option(names = "--source", paramLabel = "URL|embedded", defaultValue = GraphiteSourceConfig.DEFAULT_URL,
            description = "graphite-web's base URL, or 'embedded' (default: ${DEFAULT-VALUE})")
    private String source;

    @Option(names = "--target", paramLabel = "PATTERN", required = true, arity = "1..*",
            description = "a Graphite pattern such as 'storm.*.split.[0-9].{queue,executed}'; repeatable")
    private List<String> targets;

    @Option(names = "--window", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "how far back to look, e.g. 10s, 1m (default: ${DEFAULT-VALUE})")
    private Duration window;

    @Option(names = "--carbon-port", paramLabel = "PORT", defaultValue = "2003",
            description = "with --source embedded: the carbon plaintext port to listen on (default: ${DEFAULT-VALUE})")
    private int carbonPort;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (window.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ParameterException(spec.commandLine(),
                    "--window was '" + DurationText.format(window) + "' but must be at least 1s");
        }
        List<Series> series;
        String where;
        // Before the embedded store listens: a reporter may send the moment the port opens.
        long firstSecond = Math.floorDiv(System.currentTimeMillis(), 1000L);
        try (MetricSource metrics = open(err)) {
            where = metrics.describe();
            if (metrics instanceof EmbeddedMetricSource embedded) {
                series = collectForOneWindow(embedded, firstSecond);
            } else {
                series = metrics.query(targets, window);
            }
        } catch (MetricSourceException e) {
            err.println(e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("bad --target: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("cannot start the embedded store: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("interrupted");
            return 1;
        }
        if (series.isEmpty()) {
            err.println("no series match " + String.join(" ", targets) + " at " + where + " over the last "
                    + DurationText.format(window));
            return 1;
        }
        print(out, series);
        return 0;
    }

    private MetricSource open(PrintWriter err) throws IOException {
        if (source.equals(EMBEDDED)) {
            if (carbonPort < 0 || carbonPort > 65_535) {
                throw new ParameterException(spec.commandLine(),
                        "--carbon-port was '" + carbonPort + "' but must be a port from 0 to 65535");
            }
            EmbeddedMetricSource embedded = EmbeddedMetricSource.start(
                    EmbeddedStoreConfig.defaults().withPorts(carbonPort, 0), window, Clock.systemUTC());
            err.println("Listening for carbon plaintext on 127.0.0.1:" + embedded.carbonPort() + " for "
                    + DurationText.format(window) + "…");
            err.flush();
            return embedded;
        }
        String problem = GraphiteSourceConfig.urlProblem(source);
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), "--source was '" + source + "' but " + problem
                    + " or 'embedded'");
        }
        return new GraphiteMetricSource(GraphiteSourceConfig.of(source));
    }

    /**
     * The embedded store starts empty: gives the reporters one window to send, then reads every
     * second from {@code firstSecond}, taken before it listened, to now.
     */
    private List<Series> collectForOneWindow(EmbeddedMetricSource embedded, long firstSecond) throws InterruptedException {
        Thread.sleep(window.toMillis());
        return embedded.store().query(targets, firstSecond, Math.floorDiv(System.currentTimeMillis(), 1000L));
    }

    private static void print(PrintWriter out, List<Series> series) {
        int width = "SERIES".length();
        for (Series s : series) {
            width = Math.max(width, s.name().length());
        }
        String row = "%-" + width + "s  %12s  %12s  %12s  %s%n";
        out.printf(Locale.ROOT, row, "SERIES", "LAST", "MEAN", "RATE/S", "POINTS");
        for (Series s : series) {
            long present = s.points().stream().filter(DataPoint::isPresent).count();
            out.printf(Locale.ROOT, row, s.name(), number(SeriesAggregates.last(s)), number(SeriesAggregates.mean(s)),
                    number(SeriesAggregates.rate(s)), present + "/" + s.points().size());
        }
        out.flush();
    }

    /** A value without trailing zeros, or {@code -} when there is none. */
    static String number(OptionalDouble value) {
        if (value.isEmpty()) {
            return "-";
        }
        double v = value.getAsDouble();
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String text = String.format(Locale.ROOT, "%.3f", v);
        return text.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
