package dev.lachesis.experiments.flink;

import dev.lachesis.experiments.launch.FlinkQuery;
import dev.lachesis.experiments.measure.SinkReport;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis-bench query --spe flink} and the harness's Flink trials run this in a child JVM
 * with this module's class path ({@code SpeBuild.flink}): starts an example query (pipeline, etl, stats, fanout or chain) on a
 * Flink MiniCluster in a child JVM, prints {@code flink pid=<pid> rest-port=<port> job=<id>} once the job
 * runs, then passes on the child's {@code SINK} lines ({@code --sink-reports}), and keeps it running
 * until this process is stopped (Ctrl-C or SIGTERM), which stops the child too.
 */
@Command(name = "flink-query", mixinStandardHelpOptions = true,
        description = "Runs an example query on Apache Flink 1.20 in a child JVM until stopped.")
public final class FlinkQueryLauncher implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private ExampleQueryOptions query;

    @Option(names = "--heap-mb", defaultValue = "1024", description = "The child JVM's maximum heap in MiB (default ${DEFAULT-VALUE}).")
    int heapMb;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlinkQueryLauncher()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        query.validate(spec.commandLine());
        List<String> args = query.toArguments();
        CountDownLatch stopped = new CountDownLatch(1);
        PrintWriter out = spec.commandLine().getOut();
        CountDownLatch announced = new CountDownLatch(1);
        FlinkClusterProcess child = FlinkClusterProcess.start(heapMb, args, line -> {
            if (line.startsWith(SinkReport.PREFIX + " ")) {
                awaitQuietly(announced);
                out.println(line);
                out.flush();
            }
        }, Duration.ofMinutes(2));
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                child.close();
                stopped.countDown();
            }, "flink-query-launcher-stop"));
            out.println(FlinkQuery.READY + child.pid() + " rest-port=" + child.restPort() + " job=" + child.firstJob());
            out.flush();
            announced.countDown();
            while (child.isAlive()) {
                if (stopped.await(1, TimeUnit.SECONDS)) {
                    break;
                }
            }
        } finally {
            child.close();
        }
        return 0;
    }

    /** Waits until the ready line is out, so report lines never come before it. */
    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
