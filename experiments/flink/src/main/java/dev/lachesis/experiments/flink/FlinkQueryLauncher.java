package dev.lachesis.experiments.flink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
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

    @Option(names = "--rest-port", defaultValue = "8081", description = "REST port on 127.0.0.1 (default ${DEFAULT-VALUE}).")
    int restPort;

    @Option(names = "--rate", defaultValue = "2000", description = "Records per second from the source (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--heavy-cost-us", defaultValue = "400",
            description = "CPU microseconds the heavy map burns per record (default ${DEFAULT-VALUE}).")
    long heavyCostMicros;

    @Option(names = "--heavy-parallelism", defaultValue = "2", description = "Subtasks of the heavy map (default ${DEFAULT-VALUE}).")
    int heavyParallelism;

    @Option(names = "--graphite", description = "Carbon plaintext endpoint host:port for Flink's Graphite reporter, e.g. 127.0.0.1:2003.")
    String graphite;

    @Option(names = "--default-scopes", description = "Keep Flink's default metric scopes (names, not ids).")
    boolean defaultScopes;

    @Option(names = "--resubmit-on-cancel", description = "Submit the query again as a new job when it is cancelled.")
    boolean resubmitOnCancel;

    @Option(names = "--heap-mb", defaultValue = "1024", description = "The child JVM's maximum heap in MiB (default ${DEFAULT-VALUE}).")
    int heapMb;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlinkQueryLauncher()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<String> args = new ArrayList<>(List.of("--rest-port", Integer.toString(restPort), "--rate",
                Double.toString(rate), "--heavy-cost-us", Long.toString(heavyCostMicros), "--heavy-parallelism",
                Integer.toString(heavyParallelism)));
        if (graphite != null) {
            args.add("--graphite");
            args.add(graphite);
        }
        if (defaultScopes) {
            args.add("--default-scopes");
        }
        if (resubmitOnCancel) {
            args.add("--resubmit-on-cancel");
        }
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
