package dev.lachesis.experiments.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The rows of one CSV file the sweep harness wrote ({@link CsvDialect}): a header record of column
 * names, then one record per trial, numbers with a {@code .} decimal point. Parsing is Commons CSV's;
 * this class exists to say exactly where a file goes wrong, naming the file, the line and the
 * column. Blank lines are skipped. Immutable.
 */
final class CsvFile {
    /** A plain decimal number, as Python, R and Java's {@code Double.toString} write it. */
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private final Path path;
    private final Map<String, Integer> columns;
    private final List<Row> rows;

    private CsvFile(Path path, Map<String, Integer> columns, List<Row> rows) {
        this.path = path;
        this.columns = columns;
        this.rows = rows;
    }

    /**
     * Reads {@code path} and checks that its header holds every one of {@code required} (in any
     * order; further columns are allowed and ignored).
     */
    static CsvFile read(Path path, List<String> required) throws IOException {
        String content;
        try {
            content = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(path.toString(), null, "no such file");
        }
        List<List<String>> records = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        try (CSVParser parser = CSVParser.parse(content, CsvDialect.FORMAT)) {
            int line = 1;
            int counted = 0;
            for (CSVRecord record : parser) {
                for (int at = (int) record.getCharacterPosition(); counted < at; counted++) {
                    line += content.charAt(counted) == '\n' ? 1 : 0;
                }
                records.add(record.toList());
                lines.add(line);
            }
        } catch (UncheckedIOException e) {
            throw new CsvFormatException(path, lines.isEmpty() ? 1 : lines.get(lines.size() - 1) + 1,
                    "is not CSV: " + e.getCause().getMessage());
        }
        if (records.isEmpty() || lines.get(0) != 1) {
            throw new CsvFormatException(path, 1, "the header line is missing; expected: "
                    + String.join(",", required));
        }
        List<String> header = records.get(0);
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i).strip();
            if (columns.putIfAbsent(name, i) != null) {
                throw new CsvFormatException(path, 1, "column '" + name + "' appears twice in the header");
            }
        }
        for (String name : required) {
            if (!columns.containsKey(name)) {
                throw new CsvFormatException(path, 1, "the header has no column '" + name + "'; expected: "
                        + String.join(",", required));
            }
        }
        List<Row> rows = new ArrayList<>();
        CsvFile file = new CsvFile(path, Map.copyOf(columns), rows);
        for (int i = 1; i < records.size(); i++) {
            List<String> fields = records.get(i);
            int line = lines.get(i);
            if (fields.size() != header.size()) {
                throw new CsvFormatException(path, line, "has " + fields.size() + " fields but the header has "
                        + header.size());
            }
            rows.add(file.new Row(line, fields));
        }
        return file;
    }

    Path path() {
        return path;
    }

    /** Whether the header has {@code column}. */
    boolean has(String column) {
        return columns.containsKey(column);
    }

    List<Row> rows() {
        return rows;
    }

    /** One record of the file, read field by field with an error that names where it is. */
    final class Row {
        private final int line;
        private final List<String> fields;

        private Row(int line, List<String> fields) {
            this.line = line;
            this.fields = fields;
        }

        int line() {
            return line;
        }

        /** The field's text, stripped; an empty field is an error. */
        String text(String column) throws CsvFormatException {
            String value = fields.get(columns.get(column)).strip();
            if (value.isEmpty()) {
                throw error(column, value, "must not be empty");
            }
            return value;
        }

        /** The field as a number; {@code NaN} stands for a value the run did not measure. */
        double number(String column) throws CsvFormatException {
            String value = text(column);
            if (value.equals("NaN")) {
                return Double.NaN;
            }
            if (!DECIMAL.matcher(value).matches()) {
                throw error(column, value, "must be a number (or NaN)");
            }
            return Double.parseDouble(value);
        }

        /** The field as a finite number above zero. */
        double positiveNumber(String column) throws CsvFormatException {
            double number = number(column);
            if (!(number > 0)) {
                throw error(column, fields.get(columns.get(column)).strip(), "must be a number above 0");
            }
            return number;
        }

        /** The field as a whole number of at least 1. */
        int positiveInt(String column) throws CsvFormatException {
            String value = text(column);
            int number;
            try {
                number = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw error(column, value, "must be a whole number of at least 1");
            }
            if (number < 1) {
                throw error(column, value, "must be a whole number of at least 1");
            }
            return number;
        }

        /** An error about this row's {@code column} holding {@code value}. */
        CsvFormatException error(String column, String value, String reason) {
            return new CsvFormatException(path, line, "column " + (columns.get(column) + 1) + " (" + column + ") was '"
                    + value + "' but " + reason);
        }

        /** An error about this row as a whole. */
        CsvFormatException error(String problem) {
            return new CsvFormatException(path, line, problem);
        }
    }
}
