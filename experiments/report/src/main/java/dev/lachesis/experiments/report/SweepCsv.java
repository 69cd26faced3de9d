package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the files a sweep writes, {@code measurements.csv}, {@code operators.csv} and
 * {@code rounds.csv}, into records, checking every field: a bad value stops the report with the file, line and column, since
 * averaging over a half-read sweep would print numbers nobody can trust.
 */
public final class SweepCsv {
    /** The file with one row per run. */
    public static final String MEASUREMENTS = "measurements.csv";
    /** The file with one row per run and operator. */
    public static final String OPERATORS = "operators.csv";
    /** The file with one row per daemon round and operator of the first repetitions. */
    public static final String ROUNDS = "rounds.csv";

    private static final List<String> KEY = List.of("spe", "query", "wait_strategy", "rate", "mode", "rep");
    private static final List<String> OPERATOR_COLUMNS = List.of("operator", "queue_mean", "priority_mean", "mechanism");
    private static final List<String> ROUND_COLUMNS = List.of("started_epoch_ms", "seen_by", "operator", "queue", "priority");

    private SweepCsv() {
    }

    /** The runs in {@code file}, in file order; a point and repetition given twice is an error. */
    public static List<RunMeasurement> readMeasurements(Path file) throws IOException {
        List<String> required = new ArrayList<>(KEY);
        for (Metric metric : Metric.values()) {
            if (metric.required()) {
                required.add(metric.column());
            }
        }
        CsvFile csv = CsvFile.read(file, required);
        List<RunMeasurement> runs = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        for (CsvFile.Row row : csv.rows()) {
            Point point = point(row);
            int rep = row.positiveInt("rep");
            Integer earlier = firstLine.putIfAbsent(point + "#" + rep, row.line());
            if (earlier != null) {
                throw row.error("repeats the run of line " + earlier + " (same spe, query, wait_strategy, rate, mode and rep)");
            }
            Map<Metric, Double> values = new EnumMap<>(Metric.class);
            for (Metric metric : Metric.values()) {
                values.put(metric, csv.has(metric.column()) ? row.number(metric.column()) : Double.NaN);
            }
            runs.add(new RunMeasurement(point, rep, values));
        }
        return runs;
    }

    /** The operator rows in {@code file}, in file order. */
    public static List<OperatorMeasurement> readOperators(Path file) throws IOException {
        List<String> required = new ArrayList<>(KEY);
        required.addAll(OPERATOR_COLUMNS);
        CsvFile csv = CsvFile.read(file, required);
        List<OperatorMeasurement> operators = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        Map<String, CsvFile.Row> firstMechanism = new HashMap<>();
        Map<String, Mechanism> mechanisms = new HashMap<>();
        for (CsvFile.Row row : csv.rows()) {
            Point point = point(row);
            int rep = row.positiveInt("rep");
            String operator = row.text("operator");
            Integer earlier = firstLine.putIfAbsent(point + "#" + rep + "#" + operator, row.line());
            if (earlier != null) {
                throw row.error("repeats operator '" + operator + "' of the run on line " + earlier);
            }
            String mechanism = row.text("mechanism");
            Mechanism parsed;
            try {
                parsed = Mechanism.ofLabel(mechanism);
            } catch (IllegalArgumentException e) {
                throw row.error("mechanism", mechanism, e.getMessage());
            }
            // A repetition whose daemon applied nothing to the operator in its window (none) fits
            // either scale; only nice against rr contradicts.
            String operatorAtPoint = point + "#" + operator;
            Mechanism before = parsed == Mechanism.NONE ? null : mechanisms.putIfAbsent(operatorAtPoint, parsed);
            if (parsed != Mechanism.NONE) {
                firstMechanism.putIfAbsent(operatorAtPoint, row);
            }
            if (before != null && before != parsed) {
                throw row.error("mechanism", mechanism, "line " + firstMechanism.get(operatorAtPoint).line()
                        + " has " + before.label() + " for the same operator, rate and mode");
            }
            operators.add(new OperatorMeasurement(point, rep, operator, row.number("queue_mean"),
                    row.number("priority_mean"), parsed));
        }
        return operators;
    }

    /** The round rows in {@code file}, in file order. */
    public static List<RoundMeasurement> readRounds(Path file) throws IOException {
        List<String> required = new ArrayList<>(KEY);
        required.addAll(ROUND_COLUMNS);
        CsvFile csv = CsvFile.read(file, required);
        List<RoundMeasurement> rounds = new ArrayList<>();
        for (CsvFile.Row row : csv.rows()) {
            String seenBy = row.text("seen_by");
            if (!seenBy.equals(RoundMeasurement.DAEMON) && !seenBy.equals(RoundMeasurement.OBSERVER)) {
                throw row.error("seen_by", seenBy, "must be " + RoundMeasurement.OBSERVER + " or " + RoundMeasurement.DAEMON);
            }
            rounds.add(new RoundMeasurement(point(row), row.positiveInt("rep"), (long) row.positiveNumber("started_epoch_ms"),
                    seenBy, row.text("operator"), row.number("queue"), row.number("priority")));
        }
        return rounds;
    }

    private static Point point(CsvFile.Row row) throws CsvFormatException {
        Setup setup = new Setup(row.text("spe"), row.text("query"), row.text("wait_strategy"));
        double rate = row.positiveNumber("rate");
        String mode = row.text("mode");
        try {
            return new Point(setup, rate, SchedulingMode.named(mode));
        } catch (IllegalArgumentException e) {
            throw row.error("mode", mode, "must be one of " + SchedulingMode.labels());
        }
    }
}
