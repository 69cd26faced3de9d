package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.lachesis.experiments.measure.LatencyHistogram;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.report.Metric;
import dev.lachesis.experiments.report.OperatorMeasurement;
import dev.lachesis.experiments.report.RunMeasurement;
import dev.lachesis.experiments.report.Setup;
import dev.lachesis.experiments.report.SweepCsv;
import dev.lachesis.experiments.run.PhaseResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeasurementFilesTest {
    @TempDir
    Path dir;

    /** One second at the sink: {@code tuples} tuples of 2 s end to end, {@code emitted} records at the source. */
    private static SinkReport second(long endMillis, int tuples, OptionalLong emitted) {
        return new SinkReport(endMillis, recorded(tuples, 1_000), recorded(tuples, 2_000_000), emitted);
    }

    /** {@code tuples} latencies of {@code micros} each. */
    private static LatencyHistogram recorded(int tuples, long micros) {
        LatencyHistogram histogram = new LatencyHistogram();
        for (int i = 0; i < tuples; i++) {
            histogram.record(micros);
        }
        return histogram;
    }

    @Test
    void writesATrialAsTheReportReadsItBackAndEverySecondOfItsSinkReports() throws Exception {
        List<SinkReport> seconds = List.of(second(1_000, 50, OptionalLong.of(900)), second(2_000, 100, OptionalLong.of(120)),
                second(3_000, 100, OptionalLong.of(110)));
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram endToEnd = new LatencyHistogram();
        seconds.subList(1, 3).forEach(s -> {
            latency.add(s.latency());
            endToEnd.add(s.endToEnd());
        });
        TrialResult result = new TrialResult(new Trial(14000, SchedulingMode.STATIC, 2),
                new PhaseResult("STATIC", 2, latency, endToEnd, OptionalLong.of(230)), -0.01, -0.083, 1.5,
                Map.of("join", new TrialResult.OperatorStats(32000, -20, "nice", 0.31, "nice -20")),
                0.004, 0.97, 5.0, 9.0, 2, 70.5, List.of(), 1_000, seconds,
                List.of(new TrialResult.RoundSample(1_200, RoundSamples.OBSERVER, "join", 31_000, Double.NaN, "none"),
                        new TrialResult.RoundSample(1_300, RoundSamples.DAEMON, "join", 30_500, -20, "nice")));

        try (MeasurementFiles files = new MeasurementFiles(dir, "storm", "etl", "park")) {
            files.add(result);
        }

        RunMeasurement run = SweepCsv.readMeasurements(dir.resolve(MeasurementFiles.MEASUREMENTS)).get(0);
        assertThat(run.value(Metric.THROUGHPUT)).isEqualTo(100.0);
        assertThat(run.value(Metric.SOURCE_THROUGHPUT)).isEqualTo(115.0);
        assertThat(run.value(Metric.E2E_MEAN_MS)).isEqualTo(2000.0);
        assertThat(run.value(Metric.SPE_CPU_SHARE)).isEqualTo(0.97);
        assertThat(run.value(Metric.SOURCE_HALF_CHANGE)).isEqualTo(-0.083);
        assertThat(Files.readAllLines(dir.resolve(MeasurementFiles.OPERATORS))).containsExactly(
                MeasurementFiles.OPERATORS_HEADER, "storm,etl,park,14000,STATIC,2,join,32000,-20,nice,0.310000,nice -20");
        assertThat(Files.readAllLines(dir.resolve(MeasurementFiles.SECONDS))).hasSize(4)
                .contains("storm,etl,park,14000,STATIC,2,1000,0,50,900," + MeasurementFiles.number(
                        seconds.get(0).endToEnd().quantileMicros(0.5) / 1000))
                .anyMatch(l -> l.startsWith("storm,etl,park,14000,STATIC,2,3000,1,100,110,"));
        assertThat(Files.readAllLines(dir.resolve(MeasurementFiles.ROUNDS))).containsExactly(MeasurementFiles.ROUNDS_HEADER,
                "storm,etl,park,14000,STATIC,2,1200,observer,join,31000,NaN,none",
                "storm,etl,park,14000,STATIC,2,1300,daemon,join,30500,-20,nice");
    }

    @Test
    void quotesAnOperatorNameThatHoldsACommaOrAQuoteAndReadsItBackWhole() throws Exception {
        String flinkName = "Window(TumblingEventTimeWindows(1000), EventTimeTrigger, \"avg\")";
        TrialResult result = new TrialResult(new Trial(44000, SchedulingMode.OS, 1),
                new PhaseResult("OS", 1, new LatencyHistogram(), new LatencyHistogram(), OptionalLong.empty()), 0, 0,
                0, Map.of(flinkName, new TrialResult.OperatorStats(12, Double.NaN, "none", 0.5, "other 0")),
                Double.NaN, 0.99, Double.NaN, Double.NaN, 0, Double.NaN, List.of(), 0, List.of(), List.of());

        try (MeasurementFiles files = new MeasurementFiles(dir, "flink", "etl", "none")) {
            files.add(result);
        }

        assertThat(SweepCsv.readOperators(dir.resolve(MeasurementFiles.OPERATORS)))
                .extracting(OperatorMeasurement::operator).containsExactly(flinkName);
        assertThat(Files.readAllLines(dir.resolve(MeasurementFiles.OPERATORS)).get(1))
                .contains(",\"Window(TumblingEventTimeWindows(1000), EventTimeTrigger, \"\"avg\"\")\",");
    }

    @Test
    void aTrialOnTwoSpesAddsARowForEachSpesQueryAtItsRateBesideTheRowOfBothAtTheRateOfferedToBoth() throws Exception {
        PhaseResult storm = phase(2, 300, 330);
        PhaseResult flink = phase(2, 100, 100);
        PhaseResult both = phase(2, 400, 430);
        TrialResult result = new TrialResult(new Trial(8000, SchedulingMode.LACHESIS_MOD, 1), both, 0, 0.02, 0.4,
                Map.of(), 0.01, 0.98, 4.0, 8.0, 60, 80.0, List.of(), 0, List.of(), List.of(),
                List.of(new TrialResult.PartResult("storm-beside-flink", "park", storm, 0.05, 0.6),
                        new TrialResult.PartResult("flink-beside-storm", "none", flink, -0.01, 0.38)));

        try (MeasurementFiles files = new MeasurementFiles(dir, "storm+flink", "etl", "park")) {
            files.add(result);
        }

        assertThat(SweepCsv.readMeasurements(dir.resolve(MeasurementFiles.MEASUREMENTS)))
                .extracting(r -> r.point().setup(), r -> r.point().rate(), r -> r.value(Metric.THROUGHPUT),
                        r -> r.value(Metric.SOURCE_THROUGHPUT), r -> r.value(Metric.SPE_CPU_SHARE),
                        r -> r.value(Metric.DAEMON_CPU_SHARE))
                .containsExactly(tuple(new Setup("storm+flink", "etl", "park"), 16000.0, 200.0, 215.0, 0.98, 0.01),
                        tuple(new Setup("storm-beside-flink", "etl", "park"), 8000.0, 150.0, 165.0, 0.6, 0.01),
                        tuple(new Setup("flink-beside-storm", "etl", "none"), 8000.0, 50.0, 50.0, 0.38, 0.01));
    }

    /** What a sink saw: {@code tuples} over {@code seconds}, its sources emitting {@code emitted}. */
    private static PhaseResult phase(double seconds, int tuples, long emitted) {
        return new PhaseResult("LACHESIS-MOD", seconds, recorded(tuples, 1_000), recorded(tuples, 2_000_000),
                OptionalLong.of(emitted));
    }

    /** A trial of ETL on Flink with one operator, its figures beside the point. */
    private static TrialResult flinkTrial(SchedulingMode mode, int rep) {
        return new TrialResult(new Trial(44000, mode, rep),
                new PhaseResult(mode.label(), 1, new LatencyHistogram(), new LatencyHistogram(), OptionalLong.empty()), 0,
                0, 0, Map.of("join", new TrialResult.OperatorStats(12, Double.NaN, "none", 0.5, "other 0")),
                Double.NaN, 0.99, Double.NaN, Double.NaN, 0, Double.NaN, List.of(), 0, List.of(), List.of());
    }

    @Test
    void appendingKeepsTheRowsThereAddsTheNewOnesAfterThemAndKnowsTheirHighestRepetition() throws Exception {
        try (MeasurementFiles files = new MeasurementFiles(dir, "flink", "etl", "none")) {
            files.add(flinkTrial(SchedulingMode.OS, 1));
            files.add(flinkTrial(SchedulingMode.OS, 2));
        }
        assertThat(MeasurementFiles.highestRep(dir)).isEqualTo(2);

        try (MeasurementFiles files = new MeasurementFiles(dir, "flink", "etl", "none", true)) {
            files.add(flinkTrial(SchedulingMode.LACHESIS_MOD_RT, 3));
        }

        assertThat(SweepCsv.readMeasurements(dir.resolve(MeasurementFiles.MEASUREMENTS)))
                .extracting(r -> r.point().mode(), RunMeasurement::rep)
                .containsExactly(tuple(SchedulingMode.OS, 1), tuple(SchedulingMode.OS, 2),
                        tuple(SchedulingMode.LACHESIS_MOD_RT, 3));
        assertThat(Files.readAllLines(dir.resolve(MeasurementFiles.OPERATORS))).hasSize(4)
                .containsOnlyOnce(MeasurementFiles.OPERATORS_HEADER);
        assertThat(MeasurementFiles.highestRep(dir)).isEqualTo(3);
    }

    @Test
    void appendingToAFileWithOtherColumnsIsRefusedNamingTheFile() throws Exception {
        Files.writeString(dir.resolve(MeasurementFiles.MEASUREMENTS), "spe,query,rate,mode,rep,throughput\n");

        assertThatThrownBy(() -> new MeasurementFiles(dir, "flink", "etl", "none", true))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(dir.resolve(MeasurementFiles.MEASUREMENTS) + " has the columns 'spe,query,rate,")
                .hasMessageEndingWith("write to a new --out");
        assertThat(MeasurementFiles.highestRep(dir.resolve("nothing-here"))).isZero();
    }
}
