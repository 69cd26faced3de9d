package dev.lachesis.experiments;

import dev.lachesis.experiments.report.OsRatioTable;
import dev.lachesis.experiments.report.SweepReport;
import dev.lachesis.experiments.report.Table1;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code lachesis-bench report}: turns a sweep's output directory into a summary with confidence
 * intervals, PNG charts and, with {@code --paper-table}, the 2023 paper's Table 1 filled with our
 * numbers, so a sweep can be read and compared with the paper without a spreadsheet.
 */
@Command(name = "report", header = "Summarises a sweep's CSV files into summary.csv, charts and Table 1.",
        mixinStandardHelpOptions = true,
        description = {"Reads measurements.csv (and operators.csv, if present) from --in and writes into the same "
                + "directory: summary.csv (per spe, query, wait strategy, rate and mode: <metric>_mean and "
                + "<metric>_ci95, the half-width of the 95%% Student-t interval over repetitions) and per spe, query "
                + "and wait strategy <spe>-<query>-<wait_strategy>-{throughput,source-throughput,latency,e2e-latency,"
                + "goal,queues,priorities}.png, and ratios.md (every mode against OS in the same sweep beyond OS's "
                + "saturation point: throughput at the source and the sink and e2e latency as ratios with 95%% "
                + "intervals from per-repetition ratios). Prints the files written and ratios.md."})
public final class ReportCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec command;

    @Option(names = "--in", required = true, paramLabel = "DIR", description = "The sweep's output directory.")
    private Path in;

    @Option(names = "--paper-table",
            description = "Also write table1.md, the paper's Table 1 with our numbers beside the paper's, and print it.")
    private boolean paperTable;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(in)) {
            throw new CommandLine.ParameterException(command.commandLine(), "--in was '" + in + "' but is not a directory");
        }
        List<Path> written = SweepReport.write(in, paperTable);
        PrintWriter out = command.commandLine().getOut();
        for (Path file : written) {
            out.println(file);
        }
        out.println();
        out.print(Files.readString(in.resolve(OsRatioTable.FILE)));
        if (paperTable) {
            out.println();
            out.print(Files.readString(in.resolve(Table1.FILE)));
        }
        out.flush();
        return CommandLine.ExitCode.OK;
    }
}
