package dev.lachesis.experiments.flink;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@link ExampleQuery} as the main class of a job jar, for a Flink cluster that users run:
 * {@code flink run -c dev.lachesis.experiments.flink.ExampleQueryJob -p 2 JAR} or the REST API's
 * {@code POST /jars/<id>/run} with {@code entryClass} and {@code parallelism}. The job's parallelism
 * (the one the client or the request gives) is the heavy operator's, so a cluster of TaskManagers
 * with one slot each runs one heavy subtask on each. Runs until the job is cancelled.
 */
@Command(name = "example-query-job",
        description = "Submits the example query (source, light, heavy, latency sink) to the cluster it runs against.")
public final class ExampleQueryJob {
    @Option(names = "--rate", defaultValue = "3000", description = "Records per second (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--heavy-cost-us", defaultValue = "1000",
            description = "CPU time the heavy map burns per record, in microseconds (default ${DEFAULT-VALUE}).")
    long heavyCostMicros;

    /**
     * Parses the options and submits the job. Whatever goes wrong is thrown, not printed: inside a
     * JobManager (a REST submission) the exception is what fails the request and reaches the user.
     */
    public static void main(String[] args) throws Exception {
        ExampleQueryJob job = new ExampleQueryJob();
        new CommandLine(job).parseArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        ExampleQuery.build(env, job.rate, job.heavyCostMicros, env.getParallelism());
        env.execute(ExampleQuery.JOB_NAME);
    }
}
