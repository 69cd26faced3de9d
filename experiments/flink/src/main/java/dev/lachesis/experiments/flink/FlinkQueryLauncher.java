package dev.lachesis.experiments.flink;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bin/lachesis-bench-flink}: starts the example query on a Flink MiniCluster in a child JVM,
 * prints the child's PID and REST port once the job runs, and keeps it running until this process
 * is stopped (Ctrl-C or SIGTERM), which stops the child too.
 */
@Command(name = "lachesis-bench-flink", mixinStandardHelpOptions = true,
        description = "Runs the example query on Apache Flink 1.20 in a child JVM until stopped.")
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
        List<String> args = query.toArguments();
        CountDownLatch stopped = new CountDownLatch(1);
        FlinkClusterProcess child = FlinkClusterProcess.start(heapMb, args, line -> { }, Duration.ofMinutes(2));
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                child.close();
                stopped.countDown();
            }, "lachesis-bench-flink-stop"));
            spec.commandLine().getOut().println("flink pid=" + child.pid() + " rest-port=" + child.restPort() + " job=" + child.firstJob());
            spec.commandLine().getOut().flush();
            while (child.isAlive()) {
                if (stopped.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
                    break;
                }
            }
        } finally {
            child.close();
        }
        return 0;
    }
}
