package dev.lachesis.core.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.spi.DriverException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lachesis threads}: the native threads of one JVM with their full Java names, as every
 * driver sees them — for checking a driver's mapping against {@code jcmd <pid> Thread.print}.
 */
@Command(name = "threads", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        header = "List a JVM's native threads (tid) with their full Java names.")
final class ThreadsCommand implements Callable<Integer> {
    @ParentCommand
    private LachesisCommand parent;
    @Spec
    private CommandSpec spec;
    @Option(names = "--pid", required = true, paramLabel = "PID", description = "The JVM's process id.")
    private int pid;
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "Output: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private OutputFormat format;

    @Override
    public Integer call() throws DriverException, JsonProcessingException {
        List<JvmThread> threads = new ArrayList<>(parent.environment().threads().threads(pid));
        threads.sort(Comparator.comparingInt(JvmThread::tid));
        PrintWriter out = spec.commandLine().getOut();
        if (format == OutputFormat.JSON) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (JvmThread t : threads) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("pid", t.pid());
                row.put("tid", t.tid());
                row.put("thread", t.name());
                rows.add(row);
            }
            out.println(JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build()
                    .writeValueAsString(rows));
        } else {
            TextTable table = new TextTable(List.of("TID", "THREAD"));
            threads.forEach(t -> table.add(List.of(String.valueOf(t.tid()), t.name())));
            table.print(out);
        }
        out.flush();
        return 0;
    }
}
