package dev.lachesis.experiments.soak;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a soak: the daemon's resident set each second (the worker restarts marked on it) and its CPU
 * share per minute, as PNG files beside the samples. Stateless.
 */
final class SoakPlots {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 420;

    private SoakPlots() {
    }

    /** Writes {@code soak-rss.png} and {@code soak-cpu.png} into {@code dir}; returns them. */
    static List<Path> write(List<SoakSample> samples, SoakVerdict verdict, Path dir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        XYChart rss = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("Daemon resident set (VmRSS)")
                .xAxisTitle("Minutes since the daemon started").yAxisTitle("MiB").build();
        List<Double> minutes = samples.stream().map(s -> s.elapsedSeconds() / 60).toList();
        List<Double> mib = samples.stream().map(SoakSample::residentMib).toList();
        XYSeries line = rss.addSeries("resident set", minutes, mib);
        line.setMarker(SeriesMarkers.NONE);
        List<Double> restartMinutes = new ArrayList<>();
        List<Double> restartMib = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            if (samples.get(i).restarts() > samples.get(i - 1).restarts()) {
                restartMinutes.add(minutes.get(i));
                restartMib.add(mib.get(i));
            }
        }
        if (!restartMinutes.isEmpty()) {
            XYSeries restarts = rss.addSeries("worker killed and started again", restartMinutes, restartMib);
            restarts.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
        rss.getStyler().setYAxisMin(0.0);

        XYChart cpu = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("Daemon CPU per minute")
                .xAxisTitle("Minute of the run").yAxisTitle("% of one core").build();
        List<Double> cpuMinutes = new ArrayList<>();
        List<Double> cpuPercent = new ArrayList<>();
        for (int i = 0; i < verdict.cpuSharePerMinute().size(); i++) {
            cpuMinutes.add(i + 1.0);
            cpuPercent.add(100 * verdict.cpuSharePerMinute().get(i));
        }
        if (!cpuMinutes.isEmpty()) {
            cpu.addSeries("CPU", cpuMinutes, cpuPercent);
        }
        cpu.getStyler().setYAxisMin(0.0);
        return List.of(save(rss, dir.resolve("soak-rss.png")), save(cpu, dir.resolve("soak-cpu.png")));
    }

    private static Path save(XYChart chart, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            ChartEncoder.saveChart(chart, out, "png");
        }
        return file;
    }
}
