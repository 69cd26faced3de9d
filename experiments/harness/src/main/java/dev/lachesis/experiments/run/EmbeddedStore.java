package dev.lachesis.experiments.run;

import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded metric store ({@code lachesis store}) in a process of its own, on free ports: the
 * SPE reports to its carbon receiver and the daemon reads its render API, so an experiment needs no
 * Graphite installed. Stopping it ({@link #close()}) stops the process.
 */
public final class EmbeddedStore implements MetricStore {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedStore.class);
    private static final Pattern PORTS = Pattern.compile("carbon plaintext on [^:]+:(\\d+), HTTP on http://[^:]+:(\\d+)");
    private static final Duration START = Duration.ofSeconds(60);

    private final ChildJvm process;
    private final int carbonPort;
    private final int httpPort;

    private EmbeddedStore(ChildJvm process, int carbonPort, int httpPort) {
        this.process = process;
        this.carbonPort = carbonPort;
        this.httpPort = httpPort;
    }

    /**
     * Starts the store through {@code lachesis} (the command that runs {@code bin/lachesis}, e.g.
     * behind {@code taskset}) and waits until it says where it listens.
     */
    public static EmbeddedStore start(List<String> lachesis) throws IOException, TimeoutException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(lachesis);
        command.addAll(List.of("store", "--carbon-port", "0", "--http-port", "0"));
        ChildJvm child = ChildJvm.exec(command, "Embedded store:", line -> LOG.debug("store: {}", line));
        try {
            String line = child.awaitLine(START);
            Matcher m = PORTS.matcher(line);
            if (!m.find()) {
                throw new IOException("cannot read the store's ports from '" + line + "'");
            }
            return new EmbeddedStore(child, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            child.close();
            throw e;
        }
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public int carbonPort() {
        return carbonPort;
    }

    @Override
    public int httpPort() {
        return httpPort;
    }

    @Override
    public String describe() {
        return "the embedded store (lachesis store, PID " + pid() + ")";
    }

    @Override
    public void close() {
        process.close();
    }
}
