package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.IChart;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Draws a sweep's charts as PNG files, one set per setup, in the manner of the 2023 paper's
 * Fig. 5–15: throughput, latency, e2e latency (log y axis) and policy goal against the input rate,
 * one line per scheduling mode with 95% confidence intervals as error bars, and the throughput at
 * the source when the sweep measured it; and at the highest rate
 * the average input queue and the average priority of each operator, one bar per mode. Rendering
 * needs no display: {@code java.awt.headless} is set unless the JVM was started with it.
 */
public final class SweepPlots {
    /** Width and height in pixels of the charts against the input rate. */
    public static final int LINE_WIDTH = 800;
    public static final int LINE_HEIGHT = 500;
    /** Width and height in pixels of the per-operator bar charts (of each panel, for priorities). */
    public static final int BAR_WIDTH = 1000;
    public static final int BAR_HEIGHT = 500;

    private static final Logger LOG = LoggerFactory.getLogger(SweepPlots.class);
    /**
     * On a log axis an error bar may not reach zero; a lower end below this share of the mean is
     * cut there (a latency is positive, so the interval's part below zero carries no information).
     */
    private static final double LOG_AXIS_LOWEST_SHARE = 0.1;

    /**
     * Each mode keeps its colour and marker in every chart (Okabe–Ito colours and two of Paul
     * Tol's, told apart with colour blindness too), so OS is blue whether or not LACHESIS ran.
     */
    private static final Map<SchedulingMode, Color> COLORS = new EnumMap<>(Map.of(
            SchedulingMode.OS, new Color(0x0072B2),
            SchedulingMode.STATIC, new Color(0x000000),
            SchedulingMode.LACHESIS, new Color(0xE69F00),
            SchedulingMode.LACHESIS_MOD, new Color(0x009E73),
            SchedulingMode.LACHESIS_MOD_RT, new Color(0xD55E00),
            SchedulingMode.LACHESIS_MOD_GROUPS, new Color(0x882255),
            SchedulingMode.LACHESIS_DRAIN, new Color(0x56B4E9),
            SchedulingMode.LACHESIS_DRAIN_RT, new Color(0x999933),
            SchedulingMode.HEAVIEST_FIRST, new Color(0x44AA99),
            SchedulingMode.RANDOM, new Color(0xCC79A7)));
    private static final Map<SchedulingMode, Marker> MARKERS = new EnumMap<>(Map.of(
            SchedulingMode.OS, SeriesMarkers.CIRCLE,
            SchedulingMode.STATIC, SeriesMarkers.PLUS,
            SchedulingMode.LACHESIS, SeriesMarkers.DIAMOND,
            SchedulingMode.LACHESIS_MOD, SeriesMarkers.SQUARE,
            SchedulingMode.LACHESIS_MOD_RT, SeriesMarkers.TRIANGLE_UP,
            SchedulingMode.LACHESIS_MOD_GROUPS, SeriesMarkers.OVAL,
            SchedulingMode.LACHESIS_DRAIN, SeriesMarkers.TRAPEZOID,
            SchedulingMode.LACHESIS_DRAIN_RT, SeriesMarkers.TRIANGLE_DOWN,
            SchedulingMode.HEAVIEST_FIRST, SeriesMarkers.RECTANGLE,
            SchedulingMode.RANDOM, SeriesMarkers.CROSS));

    /** The charts against the input rate: file name and metric. */
    private enum RateChart {
        THROUGHPUT("throughput.png", Metric.THROUGHPUT, false),
        SOURCE_THROUGHPUT("source-throughput.png", Metric.SOURCE_THROUGHPUT, false),
        LATENCY("latency.png", Metric.LATENCY_MEAN_MS, true),
        E2E_LATENCY("e2e-latency.png", Metric.E2E_MEAN_MS, true),
        GOAL("goal.png", Metric.GOAL_CV, false);

        private final String file;
        private final Metric metric;
        private final boolean logarithmic;

        RateChart(String file, Metric metric, boolean logarithmic) {
            this.file = file;
            this.metric = metric;
            this.logarithmic = logarithmic;
        }
    }

    static final String QUEUES = "queues.png";
    static final String PRIORITIES = "priorities.png";

    private SweepPlots() {
    }

    /** Writes every chart {@code summary} has data for into {@code dir}; returns the files written. */
    public static List<Path> write(SweepSummary summary, Path dir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        List<Path> written = new ArrayList<>();
        for (Setup setup : summary.setups()) {
            for (RateChart chart : RateChart.values()) {
                XYChart xy = rateChart(summary, setup, chart);
                if (xy.getSeriesCollection().isEmpty()) {
                    LOG.info("{}: no {} measured, {} not drawn", setup.title(), chart.metric.column(), chart.file);
                    continue;
                }
                written.add(save(xy, dir.resolve(setup.filePrefix() + chart.file)));
            }
            List<OperatorSummary> operators = summary.operators(setup);
            if (operators.isEmpty()) {
                continue;
            }
            double rate = operators.stream().mapToDouble(o -> o.point().rate()).max().orElseThrow();
            List<OperatorSummary> atRate = operators.stream().filter(o -> o.point().rate() == rate).toList();
            written.add(save(queueChart(setup, rate, atRate), dir.resolve(setup.filePrefix() + QUEUES)));
            List<CategoryChart> panels = priorityPanels(setup, rate, atRate);
            if (panels.isEmpty()) {
                LOG.info("{}: no priorities applied at {} tuples/s, {} not drawn", setup.title(), Table1.rate(rate),
                        PRIORITIES);
                continue;
            }
            written.add(saveStacked(panels, dir.resolve(setup.filePrefix() + PRIORITIES)));
        }
        return written;
    }

    private static XYChart rateChart(SweepSummary summary, Setup setup, RateChart kind) {
        XYChart chart = new XYChartBuilder().width(LINE_WIDTH).height(LINE_HEIGHT)
                .title(setup.title() + ": " + kind.metric.label())
                .xAxisTitle("Input rate (tuples/s)").yAxisTitle(kind.metric.label()).build();
        chart.getStyler().setLegendPosition(LegendPosition.InsideNW);
        chart.getStyler().setYAxisLogarithmic(kind.logarithmic);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        for (SchedulingMode mode : SchedulingMode.values()) {
            List<Double> rates = new ArrayList<>();
            List<Double> means = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (PointSummary point : summary.series(setup, mode)) {
                Estimate estimate = point.estimate(kind.metric);
                if (Double.isNaN(estimate.mean()) || kind.logarithmic && estimate.mean() <= 0) {
                    continue;
                }
                double error = Double.isNaN(estimate.halfWidth()) ? 0 : estimate.halfWidth();
                if (kind.logarithmic) {
                    error = Math.min(error, (1 - LOG_AXIS_LOWEST_SHARE) * estimate.mean());
                }
                rates.add(point.point().rate());
                means.add(estimate.mean());
                errors.add(error);
            }
            if (!rates.isEmpty()) {
                XYSeries series = chart.addSeries(mode.label(), rates, means, errors);
                series.setLineColor(COLORS.get(mode));
                series.setMarkerColor(COLORS.get(mode));
                series.setMarker(MARKERS.get(mode));
            }
        }
        if ((kind == RateChart.THROUGHPUT || kind == RateChart.SOURCE_THROUGHPUT)
                && !chart.getSeriesCollection().isEmpty()) {
            double[] rates = summary.points().stream().filter(p -> p.point().setup().equals(setup))
                    .mapToDouble(p -> p.point().rate()).distinct().sorted().toArray();
            XYSeries input = chart.addSeries("input rate", rates, rates);
            input.setMarker(SeriesMarkers.NONE);
            input.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                    10f, new float[] {4f, 4f}, 0f));
            input.setLineColor(Color.GRAY);
        }
        return chart;
    }

    private static CategoryChart queueChart(Setup setup, double rate, List<OperatorSummary> atRate) {
        CategoryChart chart = barChart(setup.title() + ": average input queue at " + Table1.rate(rate) + " tuples/s",
                "Average queue size (tuples)");
        addBars(chart, atRate, OperatorSummary::queue);
        return chart;
    }

    /** One panel per mechanism, as the paper's Fig. 15: nice and SCHED_RR scales run opposite ways. */
    private static List<CategoryChart> priorityPanels(Setup setup, double rate, List<OperatorSummary> atRate) {
        Map<Mechanism, List<OperatorSummary>> byMechanism = new EnumMap<>(Mechanism.class);
        for (OperatorSummary operator : atRate) {
            if (operator.mechanism() != Mechanism.NONE && !Double.isNaN(operator.priority().mean())) {
                byMechanism.computeIfAbsent(operator.mechanism(), m -> new ArrayList<>()).add(operator);
            }
        }
        List<CategoryChart> panels = new ArrayList<>();
        byMechanism.forEach((mechanism, operators) -> {
            CategoryChart chart = barChart(setup.title() + ": " + mechanism.label() + " priorities of main threads at "
                    + Table1.rate(rate) + " tuples/s", mechanism.axisTitle());
            addBars(chart, operators, OperatorSummary::priority);
            panels.add(chart);
        });
        return panels;
    }

    private static CategoryChart barChart(String title, String yAxisTitle) {
        CategoryChart chart = new CategoryChartBuilder().width(BAR_WIDTH).height(BAR_HEIGHT).title(title)
                .xAxisTitle("Operator").yAxisTitle(yAxisTitle).build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        chart.getStyler().setXAxisLabelRotation(30);
        chart.getStyler().setXAxisTickMarkSpacingHint(1); // a label under every operator
        chart.getStyler().setErrorBarsColorSeriesColor(false);
        return chart;
    }

    /** One series per mode over the operators in order of first appearance; a missing bar is 0. */
    private static void addBars(CategoryChart chart, List<OperatorSummary> rows,
                                Function<OperatorSummary, Estimate> value) {
        Set<String> operators = new LinkedHashSet<>();
        rows.forEach(r -> operators.add(r.operator()));
        for (SchedulingMode mode : SchedulingMode.values()) {
            List<OperatorSummary> ofMode = rows.stream().filter(r -> r.point().mode() == mode).toList();
            if (ofMode.isEmpty()) {
                continue;
            }
            List<Double> means = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (String operator : operators) {
                Estimate estimate = ofMode.stream().filter(r -> r.operator().equals(operator)).findFirst()
                        .map(value).orElse(new Estimate(Double.NaN, Double.NaN, 0));
                means.add(Double.isNaN(estimate.mean()) ? 0 : estimate.mean());
                errors.add(Double.isNaN(estimate.halfWidth()) ? 0 : estimate.halfWidth());
            }
            chart.addSeries(mode.label(), new ArrayList<>(operators), means, errors).setFillColor(COLORS.get(mode));
        }
    }

    static Path save(IChart chart, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            ChartEncoder.saveChart(chart, out, "png");
        }
        return file;
    }

    /** Paints {@code panels} one below the other into one PNG, each at its own size. */
    private static Path saveStacked(List<CategoryChart> panels, Path file) throws IOException {
        int width = panels.stream().mapToInt(CategoryChart::getWidth).max().orElseThrow();
        int height = panels.stream().mapToInt(CategoryChart::getHeight).sum();
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        try {
            int top = 0;
            for (CategoryChart panel : panels) {
                Graphics2D panelGraphics = (Graphics2D) graphics.create(0, top, panel.getWidth(), panel.getHeight());
                try {
                    panel.paint(panelGraphics, panel.getWidth(), panel.getHeight());
                } finally {
                    panelGraphics.dispose();
                }
                top += panel.getHeight();
            }
        } finally {
            graphics.dispose();
        }
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer in this JVM for " + file);
        }
        return file;
    }
}
