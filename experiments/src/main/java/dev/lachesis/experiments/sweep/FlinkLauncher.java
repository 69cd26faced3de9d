package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.ChildJvm;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.SpeBlock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a query on a Flink MiniCluster through {@code bin/lachesis-bench-flink}, whose class path
 * carries Flink (this JVM's carries Storm): the launcher and its cluster JVM start under
 * {@code taskset}, so both stay on the SPE's CPUs. The launcher prints
 * {@code flink pid=<pid> rest-port=<port> job=<id>} once the job runs and passes the sink reports on.
 */
final class FlinkLauncher implements QueryLauncher {
    private static final String READY = "flink pid=";
    private static final Pattern READY_LINE = Pattern.compile("flink pid=(\\d+) rest-port=(\\d+) job=(\\S+)");
    /** The metric scopes the launcher's cluster configures, which the driver must be told. */
    private static final String TASK_SCOPE = "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<task_name>";
    private static final String OPERATOR_SCOPE =
            "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<operator_id>.<operator_name>";

    private final Path script;
    private final String query;
    private final Duration readyTimeout;

    FlinkLauncher(Path script, String query, Duration readyTimeout) {
        if (!Files.isExecutable(script)) {
            throw new IllegalArgumentException(script + " is not an executable file; build experiments/flink first");
        }
        this.script = script;
        this.query = query;
        this.readyTimeout = readyTimeout;
    }

    @Override
    public String spe() {
        return "flink";
    }

    @Override
    public String query() {
        return query;
    }

    @Override
    public String waitStrategy() {
        return "none";
    }

    /** The etl and fanout queries replay SenML records ({@code --input}); the others generate theirs. */
    @Override
    public boolean readsInput() {
        return query.equals("etl") || query.equals("fanout");
    }

    @Override
    public RunningQuery start(double rate, CpuList cpus, int carbonPort, Path input, Consumer<String> output)
            throws IOException, TimeoutException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("taskset", "-c", cpus.toString(), script.toString(), "--query",
                query, "--rate", Double.toString(rate), "--graphite", "127.0.0.1:" + carbonPort, "--rest-port",
                Integer.toString(freePort()), "--sink-reports"));
        if (input != null) {
            command.addAll(List.of("--input", input.toString()));
        }
        ChildJvm launcher = ChildJvm.exec(command, READY, output);
        Matcher ready;
        try {
            String line = launcher.awaitLine(readyTimeout);
            ready = READY_LINE.matcher(line);
            if (!ready.find()) {
                throw new IOException("cannot read the Flink cluster's PID and REST port from '" + line + "'");
            }
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
            public long pid() {
                return pid;
            }

            @Override
            public SpeBlock spe() {
                return block;
            }

            @Override
            public void close() {
                launcher.close();
            }
        };
    }

    /** A port free on 127.0.0.1 now, for the cluster's REST endpoint (Flink's MiniCluster wants a fixed one). */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
