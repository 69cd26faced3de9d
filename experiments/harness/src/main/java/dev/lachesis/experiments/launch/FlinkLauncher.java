package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.launch.FlinkQuery;
import dev.lachesis.experiments.launch.SpeBuild;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.LinearRoadFeed;
import dev.lachesis.experiments.run.SpeBlock;
import dev.lachesis.experiments.shapes.RandomShape;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a query on a Flink MiniCluster through the Flink query launcher in a child JVM with
 * experiments/flink's class path ({@link SpeBuild#flink}; this JVM carries no Flink): the launcher
 * and its cluster JVM start under {@code taskset}, so both stay on the SPE's CPUs. The launcher prints
 * {@code flink pid=<pid> rest-port=<port> job=<id>} once the job runs and passes the sink reports on;
 * {@link #start} returns once the first tuples reached the sink, as Storm's does.
 */
final class FlinkLauncher implements QueryLauncher {
    private static final Pattern READY_LINE = Pattern.compile("flink pid=(\\d+) rest-port=(\\d+) job=(\\S+)");
    /** The metric scopes the launcher's cluster configures, which the driver must be told. */
    private static final String TASK_SCOPE = "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<task_name>";
    private static final String OPERATOR_SCOPE =
            "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<operator_id>.<operator_name>";

    /**
     * How long the launcher may take to stop after SIGTERM: it stops the cluster JVM with a 10-s
     * grace of its own and then deletes the cluster's temporary directory, which a SIGKILL before
     * that would leave in {@code /tmp} (21 MB each; it happened twice on the loaded machine).
     */
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final Path root;
    private final String query;
    private final long shapeSeed;
    private final SynQueries synQueries;
    private final Duration readyTimeout;

    /**
     * The query launcher of experiments/flink, run from the build in the checkout at {@code root}.
     *
     * @param shapeSeed the seed of the random query's shape; ignored by the other queries
     * @param synQueries how many SYN queries run at once; {@link SynQueries#ONE} for any other query
     */
    FlinkLauncher(Path root, String query, long shapeSeed, SynQueries synQueries, Duration readyTimeout) {
        this.root = root;
        this.query = query;
        this.shapeSeed = shapeSeed;
        this.synQueries = synQueries;
        this.readyTimeout = readyTimeout;
    }

    @Override
    public String spe() {
        return "flink";
    }

    @Override
    public String query() {
        return query.equals(RandomShape.NAME) ? RandomShape.label(shapeSeed) : query;
    }

    @Override
    public String waitStrategy() {
        return "none";
    }

    /**
     * The etl, stats and fanout queries replay SenML records ({@code --input}); lr reads a
     * {@link LinearRoadFeed} started with it; the others generate theirs.
     */
    @Override
    public boolean readsInput() {
        return query.equals("etl") || query.equals("stats") || query.equals("fanout");
    }

    /** The ETL, STATS, LR, fanout and chain jobs' ({@link FlinkQuery#handSetPriority}); none for SYN and pipeline. */
    @Override
    public Optional<HandSetPriority> handSetPriority() {
        return FlinkQuery.handSetPriority(query);
    }

    @Override
    public String sourceOperator() {
        return FlinkQuery.SOURCE_VERTEX;
    }

    @Override
    public RunningQuery start(double rate, CpuList cpus, int carbonPort, Path input, Consumer<String> output)
            throws IOException, TimeoutException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("--query", query, "--rate", Double.toString(rate),
                "--graphite", "127.0.0.1:" + carbonPort, "--rest-port", "0", "--sink-reports"));
        args.addAll(synQueries.arguments());
        if (query.equals(RandomShape.NAME)) {
            args.addAll(List.of("--shape", Long.toString(shapeSeed)));
        }
        if (input != null) {
            args.addAll(List.of("--input", input.toString()));
        }
        LinearRoadFeed feed = query.equals("lr") ? LinearRoadFeed.start(rate) : null;
        try {
            if (feed != null) {
                args.addAll(feed.queryArguments());
            }
            RunningQuery started = startCluster(args, cpus, output);
            return feed == null ? started : new FedQuery(started, feed);
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            if (feed != null) {
                feed.close();
            }
            throw e;
        }
    }

    private RunningQuery startCluster(List<String> args, CpuList cpus, Consumer<String> output)
            throws IOException, TimeoutException, InterruptedException {
        CompletableFuture<Void> flowing = new CompletableFuture<>();
        ChildJvm launcher = ChildJvm.startWithOwnTmpdir(List.of("taskset", "-c", cpus.toString()),
                SpeBuild.flink(root).classPath(), List.of(), FlinkQuery.LAUNCHER, args, FlinkQuery.READY, line -> {
                    if (!flowing.isDone() && line.startsWith(SinkReport.PREFIX + " ") && reachedTheSink(line)) {
                        flowing.complete(null);
                    }
                    output.accept(line);
                });
        Matcher ready;
        try {
            String line = launcher.awaitLine(readyTimeout);
            ready = READY_LINE.matcher(line);
            if (!ready.find()) {
                throw new IOException("cannot read the Flink cluster's PID and REST port from '" + line + "'");
            }
            awaitFirstTuples(flowing);
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            launcher.close();
            throw e;
        }
        long pid = Long.parseLong(ready.group(1));
        int restPort = Integer.parseInt(ready.group(2));
        SpeBlock block = () -> """
                  - name: flink
                    driver: flink
                    pids: [%d]
                    settings:
                      rest-url: http://127.0.0.1:%d
                      metrics-from: graphite
                      task-scope: "%s"
                      operator-scope: "%s"
                """.formatted(pid, restPort, TASK_SCOPE, OPERATOR_SCOPE);
        return new RunningQuery() {
            @Override
            public List<Long> pids() {
                return List.of(pid);
            }

            @Override
            public List<SpeBlock> spes() {
                return List.of(block);
            }

            @Override
            public void close() {
                launcher.close(STOP_GRACE);
            }
        };
    }

    /** As on Storm, a trial's warm-up counts from the first tuples at the sink, not from the job's start. */
    private void awaitFirstTuples(CompletableFuture<Void> flowing) throws TimeoutException, InterruptedException {
        try {
            flowing.get(readyTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new TimeoutException("no tuple reached the sink of the Flink " + query + " job within "
                    + readyTimeout.toSeconds() + " s of its start");
        } catch (ExecutionException e) {
            throw new IllegalStateException("the first tuples' future cannot fail", e);
        }
    }

    /** Whether a sink report line counts tuples that reached the sink; false for one that cannot be read. */
    private static boolean reachedTheSink(String line) {
        try {
            return SinkReport.parse(line).tuples() > 0;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
