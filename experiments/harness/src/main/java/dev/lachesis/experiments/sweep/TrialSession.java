package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.run.EmbeddedStore;
import dev.lachesis.experiments.run.LocalGraphite;
import dev.lachesis.experiments.run.MetricStore;
import dev.lachesis.experiments.run.QueryInput;
import dev.lachesis.experiments.run.RunStopped;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * What the trials of one sweep or saturation search share, opened once before the first and closed
 * after the last: this harness moved off the SPE's CPUs, a work directory (the query's input, the
 * daemons' policy files), the metric store, the CSV files every trial is appended to, the
 * {@link TrialRunner}, and a shutdown hook through which Ctrl-C stops the running trial and
 * restores every thread. Not thread-safe; the command's thread uses it.
 */
final class TrialSession implements AutoCloseable {
    private final String command;
    private final PrintWriter console;
    private final PrintWriter err;
    private final QueryLauncher launcher;
    private final TrialSettings settings;
    private final Path work;
    private final Path input;
    private MetricStore store;
    private MeasurementFiles files;
    private TrialRunner runner;
    private Thread hook;
    /** The highest rate the input file holds records enough for; 0 before it is written. */
    private double inputCovers;

    private TrialSession(String command, PrintWriter console, PrintWriter err, QueryLauncher launcher,
                         TrialSettings settings) throws IOException {
        this.command = command;
        this.console = console;
        this.err = err;
        this.launcher = launcher;
        this.settings = settings;
        this.work = Files.createTempDirectory("lachesis-" + command + "-");
        this.input = launcher.readsInput() ? work.resolve("input.senml") : null;
    }

    /**
     * Moves this JVM to the other CPUs and starts what the trials share.
     *
     * @param command the command's name for its messages: {@code sweep}, {@code saturation}
     * @param append whether to add rows to the CSV files already in the output directory instead of rewriting them
     */
    static TrialSession open(String command, PrintWriter console, PrintWriter err, QueryLauncher launcher,
                             TrialSettings settings, boolean append)
            throws IOException, TimeoutException, InterruptedException {
        if (!settings.otherCpus().confine(ProcessHandle.current().pid())) {
            err.println("lachesis-bench " + command + ": could not move the harness to CPU " + settings.otherCpus()
                    + " (taskset failed); continuing");
        }
        TrialSession session = new TrialSession(command, console, err, launcher, settings);
        try {
            GraphitePorts graphite = settings.graphite();
            session.store = graphite == null ? EmbeddedStore.start(settings.lachesisOnOtherCpus())
                    : LocalGraphite.at(graphite.carbon(), graphite.http());
            console.println("Metric store: " + session.store.describe());
            session.files = new MeasurementFiles(settings.out(), launcher.spe(), launcher.query(), launcher.waitStrategy(),
                    append);
            session.runner = new TrialRunner(settings, launcher, session.store, session.work, session.input);
            session.hook = new Thread(session.runner::close, "lachesis-" + command + "-stop");
            Runtime.getRuntime().addShutdownHook(session.hook);
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            try {
                session.close();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return session;
    }

    /**
     * Makes sure the query's input holds records enough for a trial at {@code rate}; when it must be
     * (re)written, writes it for {@code writeFor} (at least {@code rate}), so that higher rates soon
     * after need no new file. The generator runs in a JVM of its own on the other CPUs; a query that
     * generates its own tuples needs nothing.
     */
    void coverInput(double rate, double writeFor) throws IOException, InterruptedException {
        if (input == null || rate <= inputCovers) {
            return;
        }
        double covered = Math.max(rate, writeFor);
        long records = QueryInput.records(covered, settings.warmUp(), settings.measure());
        console.printf("Writing the input: %d seeded SenML records (generator in its own JVM) ...%n", records);
        console.flush();
        QueryInput.generate(input, records);
        inputCovers = covered;
    }

    /**
     * Runs {@code trial} and appends its figures to the CSV files.
     *
     * @throws IllegalStateException when the input was not {@linkplain #coverInput covered} for its rate
     * @throws RunStopped once Ctrl-C stopped it
     */
    TrialResult run(Trial trial) throws IOException, TimeoutException, InterruptedException, RunStopped {
        if (input != null && trial.rate() > inputCovers) {
            throw new IllegalStateException("the input covers " + inputCovers + " t/s, not " + trial.rate());
        }
        TrialResult result = runner.run(trial);
        files.add(result);
        return result;
    }

    /** Where the trials' figures are. */
    List<Path> figures() {
        return List.of(settings.out().resolve(MeasurementFiles.MEASUREMENTS),
                settings.out().resolve(MeasurementFiles.OPERATORS), settings.out().resolve(MeasurementFiles.SECONDS),
                settings.out().resolve(MeasurementFiles.ROUNDS));
    }

    /**
     * Stops the trial's processes and the store, closes the files and deletes the work directory,
     * unless the daemon left a journal there to restore from (then says how).
     */
    @Override
    public void close() throws IOException {
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running and stops the trial itself.
            }
        }
        try {
            if (runner != null) {
                runner.close();
            }
            if (files != null) {
                files.close();
            }
        } finally {
            if (store != null) {
                store.close();
            }
            deleteUnlessJournalLeft();
        }
    }

    private void deleteUnlessJournalLeft() throws IOException {
        try (var listed = Files.list(work)) {
            List<Path> all = listed.toList();
            if (all.stream().anyMatch(f -> f.getFileName().toString().endsWith("journal.json"))) {
                err.println("lachesis-bench " + command + ": a journal is left in " + work
                        + "; undo with: bin/lachesis restore --journal " + work.resolve("journal.json"));
                err.flush();
                return;
            }
            for (Path f : all) {
                Files.delete(f);
            }
        }
        Files.delete(work);
    }
}
