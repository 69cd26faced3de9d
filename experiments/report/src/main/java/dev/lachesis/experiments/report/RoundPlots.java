package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws how one run of each setup evolved round by round, from {@code rounds.csv}: every operator's
 * queue as the observer saw it, and the priority the acting daemon applied to it, over the seconds
 * of the measurement window. The run drawn is the one where scheduling matters most: at the highest
 * rate, the first of the paper's modes that ran there (MOD-RT, MOD, LACHESIS, then any mode with a
 * daemon), its first repetition. Stateless.
 */
public final class RoundPlots {
    /** The file suffix of the queues chart. */
    static final String QUEUES = "queues-over-time.png";
    /** The file suffix of the priorities chart. */
    static final String PRIORITIES = "priorities-over-time.png";
    private static final List<SchedulingMode> PREFERRED = List.of(SchedulingMode.LACHESIS_MOD_RT,
            SchedulingMode.LACHESIS_MOD, SchedulingMode.LACHESIS);

    /** Pixels a legend line takes at XChart's default legend font, with its spacing (measured: 19). */
    static final int LEGEND_LINE = 20;
    /** Pixels above and below the legend: the title, the legend's own padding and the chart's margin. */
    private static final int LEGEND_MARGIN = 100;

    private RoundPlots() {
    }

    /**
     * The chart's height: the usual one, or taller where the legend beside it needs more to show
     * every operator (SYN with five queries draws 25; at the usual height its first lines were cut).
     */
    private static int height(int operators) {
        return Math.max(SweepPlots.LINE_HEIGHT, LEGEND_MARGIN + LEGEND_LINE * operators);
    }

    /** Writes both charts of every setup in {@code rounds} into {@code dir}; returns the files written. */
    public static List<Path> write(List<RoundMeasurement> rounds, Path dir) throws IOException {
        Map<Setup, List<RoundMeasurement>> bySetup = new TreeMap<>();
        rounds.forEach(r -> bySetup.computeIfAbsent(r.point().setup(), s -> new ArrayList<>()).add(r));
        List<Path> written = new ArrayList<>();
        for (Map.Entry<Setup, List<RoundMeasurement>> setup : bySetup.entrySet()) {
            Optional<List<RoundMeasurement>> run = drawnRun(setup.getValue());
            if (run.isEmpty()) {
                continue;
            }
            RoundMeasurement first = run.get().get(0);
            String title = setup.getKey().title() + ", " + first.point().mode().label() + " at "
                    + Table1.rate(first.point().rate()) + " t/s, rep " + first.rep();
            List<RoundMeasurement> observed = run.get().stream()
                    .filter(r -> r.seenBy().equals(RoundMeasurement.OBSERVER)).toList();
            List<RoundMeasurement> applied = run.get().stream()
                    .filter(r -> r.seenBy().equals(RoundMeasurement.DAEMON)).toList();
            String prefix = setup.getKey().filePrefix();
            if (!observed.isEmpty()) {
                written.add(SweepPlots.save(chart(title + ": queues", "Queue (tuples)", observed,
                        RoundMeasurement::queue), dir.resolve(prefix + QUEUES)));
            }
            if (!applied.isEmpty()) {
                written.add(SweepPlots.save(chart(title + ": priorities", "Priority applied (nice, or real-time 1–99)",
                        applied, RoundMeasurement::priority), dir.resolve(prefix + PRIORITIES)));
            }
        }
        return written;
    }

    /** The rounds of the run drawn for one setup, oldest first; empty when it has none. */
    static Optional<List<RoundMeasurement>> drawnRun(List<RoundMeasurement> rounds) {
        double rate = rounds.stream().mapToDouble(r -> r.point().rate()).max().orElse(Double.NaN);
        List<RoundMeasurement> atRate = rounds.stream().filter(r -> r.point().rate() == rate).toList();
        Optional<SchedulingMode> mode = PREFERRED.stream()
                .filter(m -> atRate.stream().anyMatch(r -> r.point().mode() == m)).findFirst()
                .or(() -> atRate.stream().filter(r -> r.seenBy().equals(RoundMeasurement.DAEMON))
                        .map(r -> r.point().mode()).findFirst())
                .or(() -> atRate.stream().map(r -> r.point().mode()).findFirst());
        if (mode.isEmpty()) {
            return Optional.empty();
        }
        int rep = atRate.stream().filter(r -> r.point().mode() == mode.get()).mapToInt(RoundMeasurement::rep).min()
                .orElseThrow();
        return Optional.of(atRate.stream().filter(r -> r.point().mode() == mode.get() && r.rep() == rep)
                .sorted(Comparator.comparingLong(RoundMeasurement::startedAtEpochMillis)).toList());
    }

    private static XYChart chart(String title, String yAxisTitle, List<RoundMeasurement> rounds,
                                 ToDoubleFunction<RoundMeasurement> value) {
        Map<String, List<RoundMeasurement>> byOperator = new TreeMap<>();
        rounds.stream().filter(r -> !Double.isNaN(value.applyAsDouble(r)))
                .forEach(r -> byOperator.computeIfAbsent(r.operator(), o -> new ArrayList<>()).add(r));
        XYChart chart = new XYChartBuilder().width(SweepPlots.LINE_WIDTH).height(height(byOperator.size())).title(title)
                .xAxisTitle("Seconds into the measurement window").yAxisTitle(yAxisTitle).build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        long start = rounds.get(0).startedAtEpochMillis();
        byOperator.forEach((operator, series) -> {
            XYSeries line = chart.addSeries(operator,
                    series.stream().mapToDouble(r -> (r.startedAtEpochMillis() - start) / 1000.0).toArray(),
                    series.stream().mapToDouble(value).toArray());
            line.setMarker(SeriesMarkers.NONE);
        });
        return chart;
    }
}
