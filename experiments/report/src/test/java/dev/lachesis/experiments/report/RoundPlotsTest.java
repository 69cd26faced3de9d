package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoundPlotsTest {
    private static final String HEADER = "spe,query,wait_strategy,rate,mode,rep,started_epoch_ms,seen_by,operator,queue,"
            + "priority,mechanism";

    @TempDir
    Path dir;

    @Test
    void drawsTheFirstRepetitionOfModRtAtTheHighestRate() throws Exception {
        Path file = dir.resolve(SweepCsv.ROUNDS);
        Files.write(file, List.of(HEADER,
                "storm,lr,park,38000,OS,1,1000,observer,dispatcher,900,NaN,none",
                "storm,lr,park,15000,LACHESIS-MOD-RT,1,1000,daemon,dispatcher,10,-5,nice",
                "storm,lr,park,38000,LACHESIS-MOD,1,1000,daemon,dispatcher,700,-10,nice",
                "storm,lr,park,38000,LACHESIS-MOD-RT,2,1000,daemon,dispatcher,600,-12,nice",
                "storm,lr,park,38000,LACHESIS-MOD-RT,1,3000,observer,dispatcher,400,NaN,none",
                "storm,lr,park,38000,LACHESIS-MOD-RT,1,2000,observer,dispatcher,500,NaN,none",
                "storm,lr,park,38000,LACHESIS-MOD-RT,1,2000,observer,sink,3,NaN,none",
                "storm,lr,park,38000,LACHESIS-MOD-RT,1,2100,daemon,dispatcher,480,-20,nice"));
        List<RoundMeasurement> rounds = SweepCsv.readRounds(file);

        assertThat(RoundPlots.drawnRun(rounds).orElseThrow())
                .allSatisfy(r -> {
                    assertThat(r.point().mode()).isEqualTo(SchedulingMode.LACHESIS_MOD_RT);
                    assertThat(r.point().rate()).isEqualTo(38000);
                    assertThat(r.rep()).isEqualTo(1);
                })
                .extracting(RoundMeasurement::startedAtEpochMillis).containsExactly(2000L, 2000L, 2100L, 3000L);

        List<Path> written = RoundPlots.write(rounds, dir);

        assertThat(written).extracting(p -> p.getFileName().toString())
                .containsExactly("storm-lr-park-" + RoundPlots.QUEUES, "storm-lr-park-" + RoundPlots.PRIORITIES);
        for (Path png : written) {
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image.getWidth()).isEqualTo(SweepPlots.LINE_WIDTH);
            assertThat(image.getHeight()).isEqualTo(SweepPlots.LINE_HEIGHT);
        }
    }

    @Test
    void aRunOfManyOperatorsGetsAChartTallEnoughForEveryLegendLine() throws Exception {
        List<String> lines = new ArrayList<>(List.of(HEADER));
        int operators = 25;
        for (int i = 0; i < operators; i++) {
            lines.add("flink,syn,none,18000,LACHESIS-MOD,1,1000,observer,op" + i + ",100,NaN,none");
            lines.add("flink,syn,none,18000,LACHESIS-MOD,1,1000,daemon,op" + i + ",NaN," + (i - 12) + ",nice");
        }
        Path file = dir.resolve(SweepCsv.ROUNDS);
        Files.write(file, lines);

        List<Path> written = RoundPlots.write(SweepCsv.readRounds(file), dir);

        assertThat(written).hasSize(2);
        for (Path png : written) {
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image.getHeight()).isGreaterThan(SweepPlots.LINE_HEIGHT)
                    .isGreaterThanOrEqualTo(operators * RoundPlots.LEGEND_LINE);
        }
    }

    @Test
    void aRoundSeenByNeitherDaemonIsRefusedNamingLineAndColumn() throws Exception {
        Path file = dir.resolve(SweepCsv.ROUNDS);
        Files.write(file, List.of(HEADER, "storm,lr,park,38000,OS,1,1000,someone,dispatcher,900,NaN,none"));

        assertThatThrownBy(() -> SweepCsv.readRounds(file)).isInstanceOf(CsvFormatException.class)
                .hasMessage(file + ":2: column 8 (seen_by) was 'someone' but must be observer or daemon");
    }
}
