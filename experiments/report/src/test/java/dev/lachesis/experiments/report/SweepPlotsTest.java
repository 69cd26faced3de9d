package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepPlotsTest {
    private static final String ETL = "storm,etl,progressive";

    @TempDir
    Path dir;

    @Test
    void drawsEveryChartOfASetupAsAPngOfTheExpectedSize() throws Exception {
        SweepFixture sweep = new SweepFixture();
        for (String mode : List.of("OS", "LACHESIS-MOD", "LACHESIS-MOD-RT")) {
            for (int rate : List.of(1000, 2000)) {
                sweep.run(ETL, rate, mode, 1, rate * 0.9, 100).run(ETL, rate, mode, 2, rate * 0.8, 300);
            }
        }
        sweep.operator(ETL, 2000, "OS", 1, "parser", 600, 0, "none")
                .operator(ETL, 2000, "OS", 1, "filter", 20, 0, "none")
                .operator(ETL, 2000, "LACHESIS-MOD", 1, "parser", 300, -15, "nice")
                .operator(ETL, 2000, "LACHESIS-MOD", 1, "filter", 40, 5, "nice")
                .operator(ETL, 2000, "LACHESIS-MOD-RT", 1, "parser", 200, 90, "rr")
                .operator(ETL, 2000, "LACHESIS-MOD-RT", 1, "filter", 50, 10, "rr")
                .operator(ETL, 1000, "LACHESIS-MOD-RT", 1, "parser", 2, 50, "rr");

        List<Path> written = SweepPlots.write(sweep.summary(dir), dir);

        String prefix = "storm-etl-progressive-";
        assertThat(written).extracting(p -> p.getFileName().toString()).containsExactly(
                prefix + "throughput.png", prefix + "latency.png", prefix + "e2e-latency.png", prefix + "goal.png",
                prefix + "queues.png", prefix + "priorities.png");
        for (String chart : List.of("throughput", "latency", "e2e-latency", "goal")) {
            assertImage(dir.resolve(prefix + chart + ".png"), SweepPlots.LINE_WIDTH, SweepPlots.LINE_HEIGHT);
        }
        assertImage(dir.resolve(prefix + "queues.png"), SweepPlots.BAR_WIDTH, SweepPlots.BAR_HEIGHT);
        // one panel for nice, one for SCHED_RR, stacked
        assertImage(dir.resolve(prefix + "priorities.png"), SweepPlots.BAR_WIDTH, 2 * SweepPlots.BAR_HEIGHT);
    }

    @Test
    void drawsTheThroughputAtTheSourceWhenTheSweepCountedIt() throws Exception {
        SweepFixture sweep = new SweepFixture().run(ETL, 1000, "OS", 1, 1000, 980, 100)
                .run(ETL, 2000, "STATIC", 1, 1900, 1850, 300);

        List<Path> written = SweepPlots.write(sweep.summary(dir), dir);

        assertThat(written).extracting(p -> p.getFileName().toString())
                .contains("storm-etl-progressive-source-throughput.png");
        assertImage(dir.resolve("storm-etl-progressive-source-throughput.png"), SweepPlots.LINE_WIDTH,
                SweepPlots.LINE_HEIGHT);
    }

    @Test
    void skipsTheChartsOfMetricsNoRunMeasured() throws Exception {
        SweepFixture sweep = new SweepFixture().run(ETL, 1000, "OS", 1, 900, Double.NaN);

        List<Path> written = SweepPlots.write(sweep.summary(dir), dir);

        assertThat(written).extracting(p -> p.getFileName().toString())
                .containsExactly("storm-etl-progressive-throughput.png", "storm-etl-progressive-goal.png");
    }

    private static void assertImage(Path file, int width, int height) throws Exception {
        BufferedImage image = ImageIO.read(file.toFile());
        assertThat(image).as(file.toString()).isNotNull();
        assertThat(image.getWidth()).as(file + " width").isEqualTo(width);
        assertThat(image.getHeight()).as(file + " height").isEqualTo(height);
    }
}
