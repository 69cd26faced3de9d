package dev.lachesis.experiments;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs {@code lachesis-bench} in the test's JVM and keeps what it printed, for tests of its commands. */
final class BenchRun {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Runs the command line {@code args}; returns its exit code. */
    int run(String... args) {
        var commandLine = BenchCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }

    String out() {
        return out.toString();
    }

    String err() {
        return err.toString();
    }
}
