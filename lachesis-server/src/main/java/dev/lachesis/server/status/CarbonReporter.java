package dev.lachesis.server.status;

import dev.lachesis.core.config.ReportConfig;
import dev.lachesis.core.logging.ConditionLog;
import dev.lachesis.core.loop.RoundResult;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pushes each round's {@link ScheduleSeries} to carbon over TCP, off the loop's thread: a round
 * only queues its lines, and one sender thread writes them on a kept connection. A carbon that is
 * down or slow never delays a round — at most {@value #QUEUED_ROUNDS} rounds wait, later ones are
 * dropped — and is logged once when it fails and once when it answers again; the sender reconnects
 * by itself. Thread-safe.
 */
public final class CarbonReporter implements Consumer<RoundResult>, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CarbonReporter.class);
    static final int QUEUED_ROUNDS = 30;
    private static final int CONNECT_TIMEOUT_MILLIS = 1_000;
    private static final String CONDITION = "carbon";

    private final ReportConfig config;
    private final BlockingQueue<List<String>> queue = new ArrayBlockingQueue<>(QUEUED_ROUNDS);
    private final ConditionLog health = ConditionLog.reporting(LOG);
    private final Thread sender;
    private volatile boolean closed;
    private Socket socket;

    private CarbonReporter(ReportConfig config) {
        this.config = config;
        this.sender = new Thread(this::send, "lachesis-carbon-report");
        sender.setDaemon(true);
    }

    /** Starts the sender; the first connection is made with the first round. */
    public static CarbonReporter start(ReportConfig config) {
        CarbonReporter reporter = new CarbonReporter(config);
        reporter.sender.start();
        LOG.info("Reporting each round to carbon at {} under '{}'", config.carbon(), config.prefix());
        return reporter;
    }

    @Override
    public void accept(RoundResult round) {
        if (!queue.offer(ScheduleSeries.of(config.prefix(), round))) {
            health.failed(CONDITION, "full", "Carbon at " + config.carbon() + " takes no more rounds ("
                    + QUEUED_ROUNDS + " waiting); dropping rounds until it does", null);
        }
    }

    private void send() {
        while (!closed || !queue.isEmpty()) {
            List<String> lines;
            try {
                lines = queue.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (lines == null) {
                continue;
            }
            try {
                write(lines);
                health.cleared(CONDITION);
            } catch (IOException e) {
                disconnect();
                health.failed(CONDITION, "io", "Cannot report rounds to carbon at " + config.carbon() + ": "
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                        + " (dropping them until it answers)", e);
            }
        }
    }

    private void write(List<String> lines) throws IOException {
        if (socket == null) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(config.host(), config.port()), CONNECT_TIMEOUT_MILLIS);
            } catch (IOException e) {
                s.close();
                throw e;
            }
            socket = s;
        }
        OutputStream out = socket.getOutputStream();
        out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private void disconnect() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                LOG.debug("Closing the carbon connection failed", e);
            }
            socket = null;
        }
    }

    /** Stops the sender once the rounds queued now are written, waiting at most two seconds for that. */
    @Override
    public void close() {
        closed = true;
        try {
            sender.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (sender.isAlive()) {
            sender.interrupt();
        } else {
            disconnect();
        }
    }
}
