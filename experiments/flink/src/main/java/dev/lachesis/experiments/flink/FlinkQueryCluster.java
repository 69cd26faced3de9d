package dev.lachesis.experiments.flink;

import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.etl.SenmlRecordGenerator;
import dev.lachesis.experiments.flink.etl.EtlJob;
import dev.lachesis.experiments.flink.lr.LrJob;
import dev.lachesis.experiments.flink.shapes.ChainJob;
import dev.lachesis.experiments.flink.shapes.FanoutJob;
import dev.lachesis.experiments.flink.shapes.RandomShapeJob;
import dev.lachesis.experiments.flink.shapes.SynJob;
import dev.lachesis.experiments.flink.stats.StatsJob;
import dev.lachesis.experiments.shapes.Fanout;
import dev.lachesis.experiments.shapes.RandomShape;
import dev.lachesis.experiments.shapes.Syn;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.measure.SinkReportPrinter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The child JVM's program: a Flink MiniCluster with its REST endpoint on 127.0.0.1, configured the
 * way a user configures a cluster for Lachesis (Graphite reporter, metric scopes with ids, a 1 s
 * REST metric fetch interval), running the {@link ExampleQuery}, the ETL job ({@link EtlJob}), the
 * STATS job ({@link StatsJob}), the fanout, chain or random-shape job, the SYN queries (one job each,
 * {@link SynJob}) or Linear Road over Kafka ({@link LrJob}) until the JVM is stopped. It writes one
 * {@code READY pid=<pid> rest-port=<port> job=<job id>} line when the job (SYN: the first) runs,
 * and a {@code JOB <job id>} line for every job it submits later: with {@code --resubmit-on-cancel}
 * a cancelled job is submitted again as a new job, as an operator would after {@code flink cancel}.
 * With {@code --sink-reports} it then writes a {@link SinkReport} line every second. The ETL and
 * STATS jobs replay {@code --input}, or without it a file of {@code --input-seconds} worth of
 * records written here before the job is submitted.
 */
@Command(name = "flink-query-cluster", mixinStandardHelpOptions = true,
        description = "Runs an example query on a Flink MiniCluster with REST until stopped.")
public final class FlinkQueryCluster implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkQueryCluster.class);

    @Spec
    private CommandSpec spec;

    @Mixin
    private ExampleQueryOptions query;

    @Option(names = "--exit-with-parent", description = "Stop when the process that started this one exits, even if it was killed.")
    boolean exitWithParent;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlinkQueryCluster()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        query.validate(spec.commandLine());
        Path input = query.query.readsInput() && query.input == null ? generateInput() : query.input;
        Configuration config = FlinkSettings.clusterConfiguration(query.restPort, query.graphite, query.defaultScopes);
        MiniClusterConfiguration clusterConfig = new MiniClusterConfiguration.Builder()
                .setConfiguration(config)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(slots())
                .build();
        CountDownLatch stopped = new CountDownLatch(1);
        // Not try-with-resources: MiniCluster.close() declares InterruptedException, which javac's
        // try lint rejects for a resource.
        MiniCluster cluster = new MiniCluster(clusterConfig);
        try {
            // On SIGTERM the JVM halts once its shutdown hooks have run, which is usually before
            // close() below has finished: what Flink then leaves in java.io.tmpdir (its RPC jar among
            // it) is deleted by the owner of this process (FlinkClusterProcess).
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "flink-query-cluster-stop"));
            if (exitWithParent) {
                ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
                    LOG.warn("The parent process {} exited; stopping", parent.pid());
                    stopped.countDown();
                }));
            }
            cluster.start();
            int port = cluster.getRestAddress().get().getPort();
            JobID job = submit(cluster, config, input);
            spec.commandLine().getOut().println("READY pid=" + ProcessHandle.current().pid() + " rest-port=" + port + " job=" + job);
            spec.commandLine().getOut().flush();
            if (query.sinkReports) {
                SinkReportPrinter.start(spec.commandLine().getOut());
            }
            boolean ended = false;
            while (!stopped.await(500, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                JobStatus status = ended ? null : cluster.getJobStatus(job).get();
                if (status == JobStatus.CANCELED && query.resubmitOnCancel) {
                    job = submit(cluster, config, input);
                    spec.commandLine().getOut().println("JOB " + job);
                    spec.commandLine().getOut().flush();
                } else if (status != null && status.isGloballyTerminalState()) {
                    LOG.info("Job {} ended as {}; the cluster keeps running until stopped", job, status);
                    ended = true;
                }
            }
        } finally {
            cluster.close();
        }
        return 0;
    }

    private JobID submit(MiniCluster cluster, Configuration config, Path input) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setBufferTimeout(query.bufferTimeoutMillis);
        String name;
        switch (query.query) {
            case ETL -> {
                EtlJob.build(env, input, query.rate);
                name = EtlJob.JOB_NAME;
            }
            case STATS -> {
                StatsJob.build(env, input, query.rate);
                name = StatsJob.JOB_NAME;
            }
            case FANOUT -> {
                FanoutJob.build(env, input, query.rate);
                name = FanoutJob.JOB_NAME;
            }
            case CHAIN -> {
                ChainJob.build(env, query.rate);
                name = ChainJob.JOB_NAME;
            }
            case RANDOM -> {
                RandomShape shape = RandomShape.draw(query.shape);
                RandomShapeJob.build(env, shape, query.rate);
                name = RandomShapeJob.jobName(shape);
            }
            case SYN -> {
                return submitSyn(cluster, config);
            }
            case LR -> {
                LrJob.build(env, query.kafka, query.topic);
                name = LrJob.JOB_NAME;
            }
            default -> {
                ExampleQuery.build(env, query.rate, query.heavyCostMicros, query.heavyParallelism);
                name = ExampleQuery.JOB_NAME;
            }
        }
        StreamGraph streamGraph = env.getStreamGraph(false);
        streamGraph.setJobName(name);
        JobGraph graph = streamGraph.getJobGraph();
        cluster.submitJob(graph).get();
        LOG.info("Submitted job {} ({})", graph.getJobID(), name);
        return graph.getJobID();
    }

    /** Submits the SYN queries as one job each, each generating its share of the rate; returns the first job's id. */
    private JobID submitSyn(MiniCluster cluster, Configuration config) throws Exception {
        List<List<Syn.Operator>> queries = Syn.draw(Syn.STANDARD_SEED, query.queries, query.blocking);
        JobID first = null;
        for (int q = 0; q < queries.size(); q++) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
            env.setBufferTimeout(query.bufferTimeoutMillis);
            SynJob.build(env, q, queries.get(q), query.rate / queries.size(), Syn.STANDARD_SEED);
            StreamGraph streamGraph = env.getStreamGraph(false);
            streamGraph.setJobName(SynJob.jobName(q));
            JobGraph graph = streamGraph.getJobGraph();
            cluster.submitJob(graph).get();
            LOG.info("Submitted job {} ({}: {})", graph.getJobID(), SynJob.jobName(q), queries.get(q));
            first = first == null ? graph.getJobID() : first;
        }
        return first;
    }

    /** Task slots the query needs: its highest parallelism (operators share slots); SYN one per query. */
    private int slots() {
        return switch (query.query) {
            case PIPELINE -> Math.max(1, query.heavyParallelism);
            case FANOUT -> Fanout.HEAVY_PARALLELISM;
            case SYN -> query.queries;
            case RANDOM -> RandomShape.draw(query.shape).maxParallelism();
            default -> 1;
        };
    }

    /** A temporary file of rate × {@code --input-seconds} standard SenML records, deleted on exit. */
    private Path generateInput() throws IOException {
        long records = Math.max(1, (long) Math.ceil(query.rate * query.inputSeconds));
        Path file = Files.createTempFile("lachesis-" + query.query.label() + "-", ".senml");
        file.toFile().deleteOnExit();
        GenerateSenml.write(file, records, SenmlRecordGenerator.STANDARD_SEED);
        LOG.info("Wrote {} input records ({} s at {} records/s) to {}", records, query.inputSeconds, query.rate, file);
        return file;
    }
}
