package dev.lachesis.experiments.report;

import static dev.lachesis.experiments.report.SweepFixture.MEASUREMENTS_HEADER;
import static dev.lachesis.experiments.report.SweepFixture.OPERATORS_HEADER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import dev.lachesis.experiments.mode.SchedulingMode;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCsvTest {
    private static final String GOOD_RUN = "storm,etl,progressive,1500,OS,1,60,1400.5,12,10,80,900,850,2100,0.8,NaN,NaN,NaN,NaN";

    @TempDir
    Path dir;

    private Path measurements(String... rows) throws Exception {
        Path file = dir.resolve("measurements.csv");
        Files.writeString(file, MEASUREMENTS_HEADER + "\n" + String.join("\n", rows) + "\n");
        return file;
    }

    @Test
    void readsEveryColumnOfARun() throws Exception {
        List<RunMeasurement> runs = SweepCsv.readMeasurements(measurements(GOOD_RUN, ""));

        assertThat(runs).hasSize(1);
        RunMeasurement run = runs.get(0);
        assertThat(run.point()).isEqualTo(new Point(new Setup("storm", "etl", "progressive"), 1500, SchedulingMode.OS));
        assertThat(run.rep()).isEqualTo(1);
        assertThat(run.value(Metric.THROUGHPUT)).isEqualTo(1400.5);
        assertThat(run.value(Metric.E2E_P99_MS)).isEqualTo(2100);
        assertThat(run.value(Metric.ROUNDS)).isNaN();
    }

    @Test
    void aFileFromBeforeTheSourcesCountedReadsAsNotMeasuredThereAndANewOneReadsEveryColumn() throws Exception {
        assertThat(SweepCsv.readMeasurements(measurements(GOOD_RUN)).get(0).value(Metric.SOURCE_THROUGHPUT)).isNaN();

        Path file = dir.resolve("new.csv");
        Files.writeString(file, MEASUREMENTS_HEADER.replace(",throughput,", ",throughput,source_throughput,")
                + ",daemon_peak_rss_mib,spe_cpu_share\n"
                + "storm,etl,park,14000,STATIC,1,60,10900,11120,12,10,80,900,850,2100,0.8,0.004,5,9,60,70,0.97\n");
        RunMeasurement run = SweepCsv.readMeasurements(file).get(0);

        assertThat(run.point().mode()).isEqualTo(SchedulingMode.STATIC);
        assertThat(run.value(Metric.THROUGHPUT)).isEqualTo(10900);
        assertThat(run.value(Metric.SOURCE_THROUGHPUT)).isEqualTo(11120);
        assertThat(run.value(Metric.E2E_MEAN_MS)).isEqualTo(900);
        assertThat(run.value(Metric.SPE_CPU_SHARE)).isEqualTo(0.97);
    }

    @Test
    void aColumnThatIsNotANumberIsNamedWithFileAndLine() throws Exception {
        Path file = measurements(GOOD_RUN, GOOD_RUN.replace(",1400.5,", ",fast,").replace(",OS,1,", ",OS,2,"));

        assertThatThrownBy(() -> SweepCsv.readMeasurements(file))
                .isInstanceOf(CsvFormatException.class)
                .hasMessage(file + ":3: column 8 (throughput) was 'fast' but must be a number (or NaN)");
    }

    @Test
    void aMissingColumnIsNamed() throws Exception {
        Path file = dir.resolve("measurements.csv");
        Files.writeString(file, MEASUREMENTS_HEADER.replace(",goal_cv", "") + "\n");

        assertThatThrownBy(() -> SweepCsv.readMeasurements(file))
                .hasMessageStartingWith(file + ":1: the header has no column 'goal_cv'; expected: spe,query,");
    }

    @Test
    void aShortRowIsNamed() throws Exception {
        Path file = measurements(GOOD_RUN.substring(0, GOOD_RUN.lastIndexOf(',')));

        assertThatThrownBy(() -> SweepCsv.readMeasurements(file))
                .hasMessage(file + ":2: has 18 fields but the header has 19");
    }

    @Test
    void anUnknownModeListsTheKnownOnes() throws Exception {
        Path file = measurements(GOOD_RUN.replace(",OS,", ",EDGEWISE,"));

        assertThatThrownBy(() -> SweepCsv.readMeasurements(file))
                .hasMessage(file + ":2: column 5 (mode) was 'EDGEWISE' but must be one of OS, STATIC, LACHESIS, "
                        + "LACHESIS-MOD, LACHESIS-MOD-RT, LACHESIS-MOD-GROUPS, LACHESIS-CGROUP, LACHESIS-DRAIN, LACHESIS-DRAIN-RT, HEAVIEST-FIRST, RANDOM");
    }

    @Test
    void rateAndRepMustBePositive() throws Exception {
        Path zeroRate = measurements(GOOD_RUN.replace(",1500,", ",0,"));
        assertThatThrownBy(() -> SweepCsv.readMeasurements(zeroRate))
                .hasMessage(zeroRate + ":2: column 4 (rate) was '0' but must be a number above 0");

        Path zeroRep = measurements(GOOD_RUN.replace(",OS,1,", ",OS,0,"));
        assertThatThrownBy(() -> SweepCsv.readMeasurements(zeroRep))
                .hasMessage(zeroRep + ":2: column 6 (rep) was '0' but must be a whole number of at least 1");
    }

    @Test
    void theSameRunTwiceIsAnError() throws Exception {
        Path file = measurements(GOOD_RUN, GOOD_RUN);

        assertThatThrownBy(() -> SweepCsv.readMeasurements(file))
                .hasMessage(file + ":3: repeats the run of line 2 (same spe, query, wait_strategy, rate, mode and rep)");
    }

    @Test
    void aMissingFileIsOneLine() {
        Path file = dir.resolve("measurements.csv");

        assertThatThrownBy(() -> SweepCsv.readMeasurements(file))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessage(file + ": no such file");
    }

    @Test
    void anUnknownMechanismIsNamed() throws Exception {
        Path file = dir.resolve("operators.csv");
        Files.writeString(file, OPERATORS_HEADER + "\nstorm,etl,progressive,1500,LACHESIS-MOD,1,parser,12.5,-3,fifo\n");

        assertThatThrownBy(() -> SweepCsv.readOperators(file))
                .hasMessage(file + ":2: column 10 (mechanism) was 'fifo' but must be one of nice, rr, none");
    }

    @Test
    void aRepetitionThatAppliedNothingToAnOperatorFitsTheOthersMechanism() throws Exception {
        Path file = dir.resolve("operators.csv");
        Files.writeString(file, OPERATORS_HEADER + "\n"
                + "storm,etl,park,7000,LACHESIS-MOD-RT,1,csv-to-senml,12.5,NaN,none\n"
                + "storm,etl,park,7000,LACHESIS-MOD-RT,2,csv-to-senml,4644,15,rr\n");

        assertThat(SweepCsv.readOperators(file)).extracting(OperatorMeasurement::mechanism)
                .containsExactly(Mechanism.NONE, Mechanism.RR);
    }

    @Test
    void anOperatorWithTwoMechanismsAtOnePointIsAnError() throws Exception {
        Path file = dir.resolve("operators.csv");
        Files.writeString(file, OPERATORS_HEADER + "\n"
                + "storm,etl,progressive,1500,LACHESIS-MOD,1,parser,12.5,-3,nice\n"
                + "storm,etl,progressive,1500,LACHESIS-MOD,2,parser,12.5,50,rr\n");

        assertThatThrownBy(() -> SweepCsv.readOperators(file))
                .hasMessage(file + ":3: column 10 (mechanism) was 'rr' but line 2 has nice for the same operator, rate and mode");
    }
}
