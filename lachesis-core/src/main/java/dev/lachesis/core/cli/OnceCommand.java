package dev.lachesis.core.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.loop.Assembly;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.loop.SchedulerLoop;
import dev.lachesis.core.loop.ThreadRow;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code lachesis once}: one round of every policy, now, printing each thread with the metrics its
 * policy read, its raw priority and the value its translator sets. Without {@code --dry-run} the
 * values are applied and left in place (the translators' journal records the originals for
 * {@code lachesis restore}); with it nothing is touched.
 */
@Command(name = "once", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "Run one scheduling round of every policy and print each thread's priority.")
final class OnceCommand extends PolicyFileCommand {
    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    @Option(names = "--dry-run", description = "Only compute what the translators would set; change no thread.")
    private boolean dryRun;
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "Output: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private OutputFormat format;

    @Override
    public Integer call() throws ConfigException, JsonProcessingException {
        Assembly assembly = assemble(loadAtItsLevel());
        RoundResult round;
        try {
            round = new SchedulerLoop(assembly, environment().clock()).runOnce(!dryRun);
        } finally {
            if (dryRun) {
                assembly.close();
            } else {
                assembly.closeKeepingSettings();
            }
        }
        List<ThreadRow> rows = ThreadRow.of(round);
        PrintWriter out = out();
        if (format == OutputFormat.JSON) {
            out.println(JSON.writeValueAsString(rows));
        } else {
            printTable(rows, out);
        }
        out.flush();
        PrintWriter err = err();
        round.report().problems().forEach(p -> err.println("lachesis: " + p));
        err.flush();
        return round.report().problems().isEmpty() ? 0 : LachesisCommand.RUNTIME_FAILURE;
    }

    /** Prints {@code rows} as aligned columns; {@code run --rounds table} prints each round this way. */
    static void printTable(List<ThreadRow> rows, PrintWriter out) {
        TextTable table = new TextTable(List.of("SPE", "PID", "TID", "THREAD", "QUERY", "OPERATOR", "INSTANCE", "KIND",
                "POLICY", "PRIORITY", "VALUE", "METRICS"));
        for (ThreadRow row : rows) {
            table.add(List.of(row.spe(), String.valueOf(row.pid()), String.valueOf(row.tid()), row.thread(),
                    row.queryName(), dash(row.operatorName()), dash(row.instance()), row.kind(), row.policy(),
                    number(row.priority()), value(row), metrics(row.metrics())));
        }
        table.print(out);
    }

    /** The OS value with its unit, and for group mechanisms the group, e.g. {@code 2048 cpu.shares in q-etl}. */
    private static String value(ThreadRow row) {
        return row.value() + " " + row.mechanism() + (row.group() == null ? "" : " in " + row.group());
    }

    private static String metrics(Map<String, Double> metrics) {
        return metrics.entrySet().stream().map(e -> e.getKey() + "=" + number(e.getValue()))
                .collect(Collectors.joining(" "));
    }

    private static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.valueOf((long) value);
        }
        return String.format(Locale.ROOT, "%.4g", value);
    }

    private static String dash(Object value) {
        return value == null ? "-" : value.toString();
    }
}
