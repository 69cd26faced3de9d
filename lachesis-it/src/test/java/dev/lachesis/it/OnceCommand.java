package dev.lachesis.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lachesis.core.cli.Environment;
import dev.lachesis.core.cli.LachesisCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * {@code lachesis once --dry-run --format json} as a user runs it, in this JVM: what the ITs that
 * check a policy's ranking against a live SPE read. Each call is a new daemon with a new driver.
 */
public final class OnceCommand {
    private static final Logger LOG = LoggerFactory.getLogger(OnceCommand.class);

    private OnceCommand() {
    }

    /**
     * The rows of one run on {@code config}, or null when it failed (its error is logged as a
     * warning: the daemon's own logging level, which the run sets, may hide lower levels).
     */
    public static JsonNode rows(Path config) throws IOException {
        CommandLine cli = LachesisCommand.commandLine(Environment.system());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute("once", "--dry-run", "--format", "json", "--config", config.toString());
        if (exit != 0) {
            LOG.warn("lachesis once exited with {}: {}", exit, err);
            return null;
        }
        return new ObjectMapper().readTree(out.toString());
    }
}
