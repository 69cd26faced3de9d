package dev.lachesis.server.cli;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.core.cli.OutputFormat;
import dev.lachesis.core.cli.TextTable;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.config.StatusConfig;
import dev.lachesis.core.http.BlockingHttp;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis status}: what a running daemon is doing, asked from its status endpoint
 * ({@code GET /status} and {@code /schedule}) and printed as tables, or as one JSON object for
 * scripts. Exits 0 when the daemon is healthy, 1 when it answers but is not, and reports an endpoint
 * that does not answer in one line.
 */
@Command(name = "status", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Show what a running daemon does: its policies' last rounds, failing conditions and every thread it controls.")
final class StatusCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final int UNHEALTHY = 1;

    @Spec
    private CommandSpec spec;
    @Option(names = "--url", paramLabel = "URL",
            description = "The daemon's status endpoint (its status section); default: ${DEFAULT-VALUE}.")
    private URI url = URI.create("http://" + StatusConfig.DEFAULT_ADDRESS + ":" + StatusConfig.DEFAULT_PORT);
    @Option(names = "--format", paramLabel = "FORMAT",
            description = "How to print: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private OutputFormat format = OutputFormat.TABLE;

    @Override
    public Integer call() throws IOException {
        BlockingHttp http = new BlockingHttp(Duration.ofSeconds(2), Duration.ofSeconds(5), ByteSize.mib(64));
        JsonNode status = fetch(http, "/status");
        JsonNode schedule = fetch(http, "/schedule");
        PrintWriter out = spec.commandLine().getOut();
        if (format == OutputFormat.JSON) {
            ObjectNode both = JsonNodeFactory.instance.objectNode();
            both.set("status", status);
            both.set("schedule", schedule);
            out.println(JSON.writeValueAsString(both));
        } else {
            print(status, schedule, out);
        }
        out.flush();
        return status.path("health").path("healthy").asBoolean() ? 0 : UNHEALTHY;
    }

    private JsonNode fetch(BlockingHttp http, String path) throws IOException {
        URI uri = url.resolve(path);
        BlockingHttp.Response answer;
        try {
            answer = http.get(uri);
        } catch (BlockingHttp.Failure e) {
            throw new IOException("no answer from the status endpoint " + uri + " (" + e.getMessage()
                    + "): is the daemon running, with a status section naming this port?");
        }
        if (answer.status() != 200) {
            throw new IOException(uri + " answered HTTP " + answer.status() + ": " + answer.body().strip());
        }
        try {
            return JSON.readTree(answer.body());
        } catch (IOException e) {
            throw new IOException(uri + " did not answer JSON; is that the daemon's status endpoint?");
        }
    }

    private static void print(JsonNode status, JsonNode schedule, PrintWriter out) {
        JsonNode health = status.path("health");
        out.println("lachesis " + status.path("version").asText() + ", up " + seconds(status.path("uptimeSeconds"))
                + (status.path("applying").asBoolean(true) ? "" : ", dry run (plans only)")
                + "; health: " + (health.path("healthy").asBoolean() ? "ok" : "NOT OK: " + health.path("reason").asText()));
        out.println();
        TextTable spes = new TextTable(List.of("SPE", "QUERIES"));
        for (JsonNode spe : status.path("spes")) {
            List<String> queries = new ArrayList<>();
            spe.path("queries").forEach(q -> queries.add(q.asText()));
            spes.add(List.of(spe.path("name").asText(), queries.isEmpty() ? "-" : String.join(", ", queries)));
        }
        spes.print(out);
        out.println();
        TextTable policies = new TextTable(List.of("POLICY", "PERIOD", "LAST ROUND", "MS", "OUTCOME", "THREADS",
                "CHANGED", "PROBLEM"));
        for (JsonNode policy : status.path("policies")) {
            JsonNode run = policy.path("lastRun");
            boolean ran = run.isObject();
            policies.add(List.of(policy.path("name").asText(), seconds(policy.path("periodSeconds")),
                    ran ? run.path("at").asText() : "-",
                    ran ? String.format(Locale.ROOT, "%.1f", run.path("durationMs").asDouble()) : "-",
                    ran ? run.path("outcome").asText() : "not yet", ran ? run.path("threads").asText() : "-",
                    ran ? run.path("changed").asText() : "-", ran && run.hasNonNull("problem")
                            ? run.path("problem").asText() : ""));
        }
        policies.print(out);
        if (!status.path("conditions").isEmpty()) {
            out.println();
            TextTable conditions = new TextTable(List.of("FAILING", "SINCE", "ROUNDS", "MESSAGE"));
            for (JsonNode c : status.path("conditions")) {
                conditions.add(List.of(c.path("key").asText(), c.path("since").asText(), c.path("failures").asText(),
                        c.path("message").asText()));
            }
            conditions.print(out);
        }
        out.println();
        TextTable threads = new TextTable(List.of("SPE", "PID", "TID", "QUERY", "OPERATOR", "KIND", "POLICY",
                "PRIORITY", "SET", "NOW"));
        for (JsonNode t : schedule.path("threads")) {
            JsonNode row = t.path("row");
            threads.add(List.of(row.path("spe").asText(), row.path("pid").asText(), row.path("tid").asText(),
                    row.path("queryName").asText(), row.hasNonNull("operatorName") ? row.path("operatorName").asText() : "-",
                    row.path("kind").asText(), row.path("policy").asText(),
                    String.format(Locale.ROOT, "%.4g", row.path("priority").asDouble()),
                    row.path("mechanism").asText() + " " + row.path("value").asText()
                            + (row.hasNonNull("group") ? " " + row.path("group").asText() : ""),
                    now(t.path("now"))));
        }
        threads.print(out);
    }

    /** What {@code /proc} says: the policy with its nice value or RT priority, and the cpu cgroup. */
    private static String now(JsonNode now) {
        if (!now.isObject()) {
            return "gone";
        }
        String policy = now.path("policy").asText();
        String setting = policy.equals("SCHED_RR") || policy.equals("SCHED_FIFO")
                ? policy + " " + now.path("rtPriority").asText()
                : policy + " nice " + now.path("nice").asText();
        return now.hasNonNull("cpuCgroup") ? setting + " " + now.path("cpuCgroup").asText() : setting;
    }

    private static String seconds(JsonNode value) {
        double s = value.asDouble();
        return s == Math.rint(s) ? (long) s + " s" : String.format(Locale.ROOT, "%.1f s", s);
    }
}
