package dev.lachesis.experiments.flink;

import java.util.List;
import org.apache.flink.configuration.Configuration;

/**
 * The Flink settings a user adds so Lachesis can see a cluster, in one place: the Graphite
 * reporter, metric scopes that carry job, vertex and subtask ids, the REST metric fetch interval,
 * and every endpoint bound to 127.0.0.1. Also the JVM options Flink documents for Java 17.
 */
public final class FlinkSettings {
    /**
     * Task scope with ids (what the driver matches on) followed by names (for humans reading
     * Graphite). The driver also reads Flink's default scopes, which name jobs and tasks only.
     */
    public static final String TASK_SCOPE = "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<task_name>";
    /** Operator scope: the task scope's ids, then the operator's id and name. */
    public static final String OPERATOR_SCOPE =
            "flink.taskmanager.<job_id>.<task_id>.<subtask_index>.<job_name>.<operator_id>.<operator_name>";

    /**
     * The {@code --add-opens}/{@code --add-exports} list of Flink's distribution
     * ({@code env.java.opts.all} in its {@code config.yaml}) for Java 17.
     */
    public static final List<String> JAVA_17_OPTIONS = List.of(
            "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED",
            "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED",
            "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    private FlinkSettings() {
    }

    /**
     * The cluster's configuration.
     *
     * @param restPort the REST port on 127.0.0.1
     * @param graphite {@code host:port} of a carbon plaintext listener, or {@code null} for no reporter
     * @param defaultScopes keep Flink's default metric scopes instead of {@link #TASK_SCOPE} and {@link #OPERATOR_SCOPE}
     */
    public static Configuration clusterConfiguration(int restPort, String graphite, boolean defaultScopes) {
        Configuration config = new Configuration();
        config.setString("rest.bind-address", "127.0.0.1");
        config.setString("rest.address", "127.0.0.1");
        config.setString("rest.port", Integer.toString(restPort));
        config.setString("jobmanager.rpc.address", "127.0.0.1");
        config.setString("jobmanager.bind-host", "127.0.0.1");
        config.setString("taskmanager.host", "127.0.0.1");
        config.setString("taskmanager.bind-host", "127.0.0.1");
        // REST serves metrics from a cache refreshed this often (10 s by default): once per scheduling round.
        config.setString("metrics.fetcher.update-interval", "1000");
        if (!defaultScopes) {
            config.setString("metrics.scope.task", TASK_SCOPE);
            config.setString("metrics.scope.operator", OPERATOR_SCOPE);
        }
        if (graphite != null) {
            int colon = graphite.lastIndexOf(':');
            if (colon <= 0 || colon == graphite.length() - 1) {
                throw new IllegalArgumentException("--graphite was '" + graphite + "' but must be host:port");
            }
            config.setString("metrics.reporter.grph.factory.class",
                    "org.apache.flink.metrics.graphite.GraphiteReporterFactory");
            config.setString("metrics.reporter.grph.host", graphite.substring(0, colon));
            config.setString("metrics.reporter.grph.port", graphite.substring(colon + 1));
            config.setString("metrics.reporter.grph.protocol", "TCP");
            config.setString("metrics.reporter.grph.interval", "1 SECONDS");
        }
        return config;
    }
}
