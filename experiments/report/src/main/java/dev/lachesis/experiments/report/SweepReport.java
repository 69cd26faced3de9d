package dev.lachesis.experiments.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a finished sweep's directory into its report, next to the data: {@code summary.csv} (means
 * and 95% confidence intervals over repetitions), the charts of {@link SweepPlots} and, where the sweep kept
 * its rounds, {@link RoundPlots}, {@code ratios.md}
 * (every mode against OS beyond saturation, {@link OsRatioTable}) and, on request,
 * {@code table1.md}. The sweep harness calls {@link #write(Path)} after its last run;
 * {@code lachesis-bench report} calls the same code.
 */
public final class SweepReport {
    private static final Logger LOG = LoggerFactory.getLogger(SweepReport.class);

    private SweepReport() {
    }

    /**
     * Reads {@code dir/measurements.csv} and, if present, {@code dir/operators.csv}, and writes
     * {@code summary.csv}, the charts, {@code ratios.md} and {@code table1.md} into {@code dir},
     * replacing earlier ones.
     *
     * @return the files written, in the order written
     * @throws CsvFormatException if a file is malformed; the message names file, line and column
     * @throws IOException        if a file cannot be read or written
     */
    public static List<Path> write(Path dir) throws IOException {
        return write(dir, true);
    }

    /** As {@link #write(Path)}, writing {@code table1.md} only if {@code paperTable}. */
    public static List<Path> write(Path dir, boolean paperTable) throws IOException {
        return write(List.of(dir), dir, paperTable);
    }

    /**
     * As {@link #write(Path)} over the sweeps in {@code dirs} together (one Table 1 from the sweeps of
     * several queries and SPEs), writing into {@code out}.
     *
     * @throws IOException also when a run (its spe, query, wait strategy, rate, mode and repetition)
     *                     is in two of the directories, naming both files
     */
    public static List<Path> write(List<Path> dirs, Path out, boolean paperTable) throws IOException {
        return write(dirs, out, paperTable, false);
    }

    /**
     * As {@link #write(List, Path, boolean)}, also writing {@code generalisation.md}
     * ({@link GeneralisationTable}) if {@code generalisation}.
     */
    public static List<Path> write(List<Path> dirs, Path out, boolean paperTable, boolean generalisation)
            throws IOException {
        List<RunMeasurement> runs = new ArrayList<>();
        List<OperatorMeasurement> operators = new ArrayList<>();
        List<RoundMeasurement> rounds = new ArrayList<>();
        Map<String, Path> runDirs = new HashMap<>();
        for (Path dir : dirs) {
            Path measurements = dir.resolve(SweepCsv.MEASUREMENTS);
            for (RunMeasurement run : SweepCsv.readMeasurements(measurements)) {
                Path earlier = runDirs.putIfAbsent(run.point() + "#" + run.rep(), dir);
                if (earlier != null) {
                    throw new IOException(measurements + " repeats the run " + run.point() + ", repetition "
                            + run.rep() + ", of " + earlier.resolve(SweepCsv.MEASUREMENTS));
                }
                runs.add(run);
            }
            Path operatorsFile = dir.resolve(SweepCsv.OPERATORS);
            if (Files.exists(operatorsFile)) {
                operators.addAll(SweepCsv.readOperators(operatorsFile));
            } else {
                LOG.info("{} does not exist: no queue and priority charts", operatorsFile);
            }
            Path roundsFile = dir.resolve(SweepCsv.ROUNDS);
            if (Files.exists(roundsFile)) {
                rounds.addAll(SweepCsv.readRounds(roundsFile));
            }
        }
        SweepSummary summary = SweepSummary.of(runs, operators);
        Files.createDirectories(out);
        List<Path> written = new ArrayList<>();
        Path summaryFile = out.resolve(SummaryCsv.FILE);
        SummaryCsv.write(summary, summaryFile);
        written.add(summaryFile);
        written.addAll(SweepPlots.write(summary, out));
        written.addAll(RoundPlots.write(rounds, out));
        Path ratios = out.resolve(OsRatioTable.FILE);
        Files.writeString(ratios, OsRatioTable.render(summary), StandardCharsets.UTF_8);
        written.add(ratios);
        if (generalisation) {
            Path table = out.resolve(GeneralisationTable.FILE);
            Files.writeString(table, GeneralisationTable.render(summary), StandardCharsets.UTF_8);
            written.add(table);
        }
        if (paperTable) {
            Path table = out.resolve(Table1.FILE);
            Files.writeString(table, Table1.render(summary), StandardCharsets.UTF_8);
            written.add(table);
        }
        LOG.debug("Report of {} into {}: {} files", dirs, out, written.size());
        return written;
    }
}
