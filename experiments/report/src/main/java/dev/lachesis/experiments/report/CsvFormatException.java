package dev.lachesis.experiments.report;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A sweep's CSV file that cannot be read as the report expects: a missing column, a value that is
 * not a number, a row with too few fields. The message is one line that names the file, the line
 * and, where there is one, the column, so a user can open the file at the right place.
 */
public final class CsvFormatException extends IOException {
    CsvFormatException(Path file, int line, String problem) {
        super(file + ":" + line + ": " + problem);
    }
}
