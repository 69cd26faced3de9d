package dev.lachesis.experiments;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.experiments.report.GeneralisationTable;
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
        mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        description = {"Reads measurements.csv (and operators.csv and rounds.csv, if present) from --in and writes into "
                + "the same directory (or --out): summary.csv (per spe, query, wait strategy, rate and mode: <metric>_mean and "
                + "<metric>_ci95, the half-width of the 95%% Student-t interval over repetitions) and per spe, query "
                + "and wait strategy <spe>-<query>-<wait_strategy>-{throughput,source-throughput,latency,e2e-latency,"
                + "goal,queues,priorities,queues-over-time,priorities-over-time}.png, and ratios.md (every mode against OS in the same sweep beyond OS's "
                + "saturation point: throughput at the source and the sink and e2e latency as ratios with 95%% "
                + "intervals from per-repetition ratios). Prints the files written and ratios.md."})
public final class ReportCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec command;

    @Option(names = "--in", required = true, paramLabel = "DIR",
            description = "The sweep's output directory; repeat it to report several sweeps together (one Table 1 "
                    + "from the sweeps of several queries and SPEs), which needs --out.")
    private List<Path> ins;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write the report; default: the one --in directory.")
    private Path out;

    @Option(names = "--paper-table",
            description = "Also write table1.md, the paper's Table 1 with our numbers beside the paper's, and print it.")
    private boolean paperTable;

    @Option(names = "--generalisation",
            description = "Also write generalisation.md, every mode on every query against OS and STATIC with the"
                    + " geometric mean over the queries (for lachesis-bench generalise), and print it.")
    private boolean generalisation;

    @Override
    public Integer call() throws IOException {
        for (Path in : ins) {
            if (!Files.isDirectory(in)) {
                throw new CommandLine.ParameterException(command.commandLine(), "--in was '" + in + "' but is not a directory");
            }
        }
        if (ins.size() > 1 && out == null) {
            throw new CommandLine.ParameterException(command.commandLine(), "--in was given " + ins.size()
                    + " times: say with --out where the report of those sweeps together goes");
        }
        Path into = out != null ? out : ins.get(0);
        List<Path> written = SweepReport.write(ins, into, paperTable, generalisation);
        PrintWriter printed = command.commandLine().getOut();
        for (Path file : written) {
            printed.println(file);
        }
        printed.println();
        printed.print(Files.readString(into.resolve(OsRatioTable.FILE)));
        if (paperTable) {
            printed.println();
            printed.print(Files.readString(into.resolve(Table1.FILE)));
        }
        if (generalisation) {
            printed.println();
            printed.print(Files.readString(into.resolve(GeneralisationTable.FILE)));
        }
        printed.flush();
        return CommandLine.ExitCode.OK;
    }
}
