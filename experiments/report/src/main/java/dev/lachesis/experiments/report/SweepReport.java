package dev.lachesis.experiments.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a finished sweep's directory into its report, next to the data: {@code summary.csv} (means
 * and 95% confidence intervals over repetitions), the charts of {@link SweepPlots}, {@code ratios.md}
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
        SweepSummary summary = read(dir);
        List<Path> written = new ArrayList<>();
        Path summaryFile = dir.resolve(SummaryCsv.FILE);
        SummaryCsv.write(summary, summaryFile);
        written.add(summaryFile);
        written.addAll(SweepPlots.write(summary, dir));
        Path ratios = dir.resolve(OsRatioTable.FILE);
        Files.writeString(ratios, OsRatioTable.render(summary), StandardCharsets.UTF_8);
        written.add(ratios);
        if (paperTable) {
            Path table = dir.resolve(Table1.FILE);
            Files.writeString(table, Table1.render(summary), StandardCharsets.UTF_8);
            written.add(table);
        }
        LOG.debug("Report of {}: {} files", dir, written.size());
        return written;
    }

    /** The sweep in {@code dir} averaged over repetitions. */
    public static SweepSummary read(Path dir) throws IOException {
        List<RunMeasurement> runs = SweepCsv.readMeasurements(dir.resolve(SweepCsv.MEASUREMENTS));
        Path operatorsFile = dir.resolve(SweepCsv.OPERATORS);
        List<OperatorMeasurement> operators = List.of();
        if (Files.exists(operatorsFile)) {
            operators = SweepCsv.readOperators(operatorsFile);
        } else {
            LOG.info("{} does not exist: no queue and priority charts", operatorsFile);
        }
        return SweepSummary.of(runs, operators);
    }
}
