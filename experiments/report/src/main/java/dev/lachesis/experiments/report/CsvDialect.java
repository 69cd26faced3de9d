package dev.lachesis.experiments.report;

import org.apache.commons.csv.CSVFormat;

/**
 * The one CSV dialect of the files the harness writes and the report reads, so that a writer and
 * its reader cannot drift apart: RFC 4180 (a field holding a comma, a quote or a line break is
 * quoted, as a Flink operator's name may need), {@code \n} line ends, blank lines skipped on reading.
 */
public final class CsvDialect {
    /** The format for {@link org.apache.commons.csv.CSVPrinter} and {@link org.apache.commons.csv.CSVParser}. */
    public static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setRecordSeparator('\n')
            .setIgnoreEmptyLines(true).get();

    private CsvDialect() {
    }
}
