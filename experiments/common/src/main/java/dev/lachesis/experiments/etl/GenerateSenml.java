package dev.lachesis.experiments.etl;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Writes the ETL query's input file: {@code --records} SenML records of
 * {@link SenmlRecordGenerator#standard(long)}, one per line, which the Storm and Flink file sources
 * replay at the input rate. A benchmark harness runs it as a process of its own before a run, so
 * generating the input costs the measured query nothing; the same seed gives the same file.
 *
 * <pre>{@code
 * java -cp ... dev.lachesis.experiments.etl.GenerateSenml --records 600000 --seed 42 --out /tmp/etl.senml
 * }</pre>
 */
@Command(name = "generate-senml", mixinStandardHelpOptions = true,
        description = "Writes deterministic SenML records for the ETL query, one per line.")
public final class GenerateSenml implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--records", required = true, description = "How many records to write.")
    long records;

    @Option(names = "--seed", defaultValue = "" + SenmlRecordGenerator.STANDARD_SEED,
            description = "Seed of the generator (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", required = true, description = "The file to write; replaced if it exists.")
    Path out;

    public static void main(String[] args) {
        System.exit(new CommandLine(new GenerateSenml()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        if (records < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--records was " + records + " but must be at least 1");
        }
        write(out, records, seed);
        return 0;
    }

    /**
     * Writes {@code records} records of the standard generator seeded with {@code seed} to
     * {@code file}, one per line (UTF-8), replacing what it held.
     */
    public static void write(Path file, long records, long seed) throws IOException {
        SenmlRecordGenerator generator = SenmlRecordGenerator.standard(seed);
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (long i = 0; i < records; i++) {
                writer.write(generator.next());
                writer.newLine();
            }
        }
    }
}
