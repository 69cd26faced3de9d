package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class GenerateSenmlTest {
    @TempDir
    Path dir;

    @Test
    void writesTheRequestedRecordsOfTheSeededGeneratorOnePerLine() throws Exception {
        Path file = dir.resolve("etl.senml");

        int code = new CommandLine(new GenerateSenml()).execute("--records", "500", "--seed", "7", "--out", file.toString());

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        SenmlRecordGenerator same = SenmlRecordGenerator.standard(7);
        assertThat(code).isZero();
        assertThat(lines).hasSize(500).allSatisfy(line -> assertThat(line).isEqualTo(same.next()));
        assertThat(new SenmlParser().parse(lines.get(499))).hasSize(SensorFields.ALL.size());
    }

    @Test
    void theDefaultSeedIsTheStandardGeneratorsAndAnotherSeedGivesAnotherFile() throws Exception {
        Path standard = dir.resolve("a");
        Path other = dir.resolve("b");

        new CommandLine(new GenerateSenml()).execute("--records", "50", "--out", standard.toString());
        GenerateSenml.write(other, 50, 8);

        assertThat(Files.readAllLines(standard).get(0)).isEqualTo(SenmlRecordGenerator.standard().next());
        assertThat(Files.readAllLines(other)).isNotEqualTo(Files.readAllLines(standard));
    }

    @Test
    void aRecordCountBelowOneIsRejectedNamingTheOption() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new GenerateSenml()).setErr(new PrintWriter(err));

        int code = cli.execute("--records", "0", "--out", dir.resolve("x").toString());

        assertThat(code).isNotZero();
        assertThat(err.toString()).contains("--records was 0");
        assertThat(dir.resolve("x")).doesNotExist();
    }
}
