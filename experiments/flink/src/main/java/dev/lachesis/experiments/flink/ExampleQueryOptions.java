package dev.lachesis.experiments.flink;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of the Flink example query, shared as a picocli mixin by the launcher
 * ({@link FlinkQueryLauncher}) and the child JVM it starts ({@link FlinkQueryCluster}), which the
 * launcher hands them on to with {@link #toArguments()}. Mutable, filled by picocli.
 */
public final class ExampleQueryOptions {
    @Option(names = "--rest-port", defaultValue = "8081", description = "REST port on 127.0.0.1 (default ${DEFAULT-VALUE}).")
    int restPort;

    @Option(names = "--rate", defaultValue = "2000", description = "Records per second from the source (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--heavy-cost-us", defaultValue = "400",
            description = "CPU microseconds the heavy map burns per record (default ${DEFAULT-VALUE}).")
    long heavyCostMicros;

    @Option(names = "--heavy-parallelism", defaultValue = "2", description = "Subtasks of the heavy map (default ${DEFAULT-VALUE}).")
    int heavyParallelism;

    @Option(names = "--graphite", description = "Carbon plaintext endpoint host:port for Flink's Graphite reporter, e.g. 127.0.0.1:2003; none by default.")
    String graphite;

    @Option(names = "--default-scopes", description = "Keep Flink's default metric scopes (names, not ids).")
    boolean defaultScopes;

    @Option(names = "--resubmit-on-cancel", description = "Submit the query again as a new job when it is cancelled.")
    boolean resubmitOnCancel;

    /** These options as command-line arguments, for the child JVM. */
    List<String> toArguments() {
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
        return args;
    }
}
