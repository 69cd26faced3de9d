package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Renders {@code ratios.md}: for every setup of a sweep, each mode's throughput at the source, at
 * the sink and mean end-to-end latency as a ratio to OS measured in the same sitting, over the input
 * rates at and beyond OS's {@link SaturationPoint}, each with its 95% interval from per-repetition
 * ratios ({@link PairedRatio}); first over all those rates together, then rate by rate. This is how
 * a policy is judged: beyond saturation, against the kernel alone and a static hand-set priority,
 * in one sitting. Stateless.
 */
public final class OsRatioTable {
    /** The file name inside the sweep's directory. */
    public static final String FILE = "ratios.md";

    /** The columns: what is compared, in order. */
    private static final Map<Metric, String> COLUMNS = columns();

    private OsRatioTable() {
    }

    private static Map<Metric, String> columns() {
        Map<Metric, String> columns = new LinkedHashMap<>();
        columns.put(Metric.SOURCE_THROUGHPUT, "Throughput at the source");
        columns.put(Metric.THROUGHPUT, "Throughput at the sink");
        columns.put(Metric.E2E_MEAN_MS, "E2E latency (mean)");
        return columns;
    }

    /** The Markdown text for {@code summary}. */
    public static String render(SweepSummary summary) {
        StringBuilder md = new StringBuilder("# Every mode against OS in the same sitting\n\n");
        for (Setup setup : summary.setups()) {
            section(md, summary, setup);
        }
        md.append(String.format(Locale.ROOT, """
                Each cell is the mode's figure divided by OS's: ×1.20 is 20%% more than OS, ×0.50 half of OS \
                (more throughput and less latency are better). Trials are paired by repetition and input rate, \
                which a sweep runs one mode after the other: a repetition's ratio is the mean over the rates of \
                mode / OS, and a cell is the mean of those per-repetition ratios with its 95%% Student-t interval \
                over the repetitions ([low, high]); a repetition that lacks either mode at one of the rates is left \
                out. The rates are those at and above OS's saturation point, the lowest input rate at which OS's \
                mean throughput at the sink (at the source for a query that aggregates, such as STATS, and for a generated \
                shape, whose operators draw their selectivity) falls below \
                %.0f%% of the input rate. Throughput at the source is the \
                records the source emitted into the SPE per second; a sweep from before it was counted has none.
                """, SaturationPoint.KEPT_UP_SHARE * 100));
        return md.toString();
    }

    private static void section(StringBuilder md, SweepSummary summary, Setup setup) {
        md.append("## ").append(setup.title()).append("\n\n");
        List<PointSummary> os = summary.series(setup, SchedulingMode.OS);
        if (os.isEmpty()) {
            md.append("OS was not run: no ratios.\n\n");
            return;
        }
        OptionalDouble saturation = SaturationPoint.of(os);
        if (saturation.isEmpty()) {
            md.append("OS keeps up at every rate up to ").append(Table1.rate(os.get(os.size() - 1).point().rate()))
                    .append(" tuples/s: no rates beyond saturation, no ratios.\n\n");
            return;
        }
        List<Double> rates = os.stream().map(p -> p.point().rate()).filter(r -> r >= saturation.getAsDouble())
                .sorted().toList();
        Map<SchedulingMode, Map<Metric, Map<Double, Map<Integer, Double>>>> values = values(summary, setup, COLUMNS.keySet());
        md.append("OS saturation point ").append(Table1.rate(saturation.getAsDouble())).append(" tuples/s; rates ")
                .append(rates.stream().map(Table1::rate).collect(Collectors.joining(", "))).append(" tuples/s.\n\n");
        md.append("| Mode | ").append(String.join(" | ", COLUMNS.values())).append(" | Repetitions |\n|---|");
        COLUMNS.forEach((m, c) -> md.append("---|"));
        md.append("---|\n");
        for (SchedulingMode mode : rows(values)) {
            md.append("| ").append(mode.label()).append(" |");
            Estimate sink = null;
            for (Metric metric : COLUMNS.keySet()) {
                Estimate ratio = ratio(values, mode, metric, rates);
                md.append(' ').append(cell(ratio)).append(" |");
                if (metric == Metric.THROUGHPUT) {
                    sink = ratio;
                }
            }
            md.append(' ').append(sink.n()).append(" |\n");
        }
        if (rates.size() > 1) {
            md.append("\nRate by rate:\n\n| Rate (tuples/s) | Mode | ").append(String.join(" | ", COLUMNS.values()))
                    .append(" |\n|---|---|");
            COLUMNS.forEach((m, c) -> md.append("---|"));
            md.append('\n');
            for (double rate : rates) {
                for (SchedulingMode mode : rows(values)) {
                    md.append("| ").append(Table1.rate(rate)).append(" | ").append(mode.label()).append(" |");
                    for (Metric metric : COLUMNS.keySet()) {
                        md.append(' ').append(cell(ratio(values, mode, metric, List.of(rate)))).append(" |");
                    }
                    md.append('\n');
                }
            }
        }
        md.append('\n');
    }

    /**
     * Per mode of {@code setup}'s runs (in declaration order, OS included), per metric of {@code read}:
     * rate → repetition → value. The tables that compare modes by repetition read their runs this way.
     */
    static Map<SchedulingMode, Map<Metric, Map<Double, Map<Integer, Double>>>> values(SweepSummary summary,
                                                                                      Setup setup, Set<Metric> read) {
        Map<SchedulingMode, Map<Metric, Map<Double, Map<Integer, Double>>>> values = new EnumMap<>(SchedulingMode.class);
        for (RunMeasurement run : summary.runs()) {
            if (!run.point().setup().equals(setup)) {
                continue;
            }
            Map<Metric, Map<Double, Map<Integer, Double>>> byMetric =
                    values.computeIfAbsent(run.point().mode(), m -> new EnumMap<>(Metric.class));
            for (Metric metric : read) {
                byMetric.computeIfAbsent(metric, m -> new TreeMap<>())
                        .computeIfAbsent(run.point().rate(), r -> new TreeMap<>()).put(run.rep(), run.value(metric));
            }
        }
        return values;
    }

    private static Estimate ratio(Map<SchedulingMode, Map<Metric, Map<Double, Map<Integer, Double>>>> values,
                                  SchedulingMode mode, Metric metric, List<Double> rates) {
        return PairedRatio.of(values.get(mode).get(metric), values.get(SchedulingMode.OS).get(metric), rates);
    }

    /** {@code ×1.214 [1.102, 1.326]}; one repetition has no interval; none is a dash. */
    static String cell(Estimate ratio) {
        if (ratio.n() == 0) {
            return "–";
        }
        if (ratio.n() == 1) {
            return String.format(Locale.ROOT, "×%.3f (1 rep, no interval)", ratio.mean());
        }
        return String.format(Locale.ROOT, "×%.3f [%.3f, %.3f]", ratio.mean(), ratio.low(), ratio.high());
    }

    /** The modes that ran, in declaration order, but OS: the reference of every cell, not a row. */
    private static List<SchedulingMode> rows(Map<SchedulingMode, ?> values) {
        List<SchedulingMode> rows = new ArrayList<>(values.keySet());
        rows.remove(SchedulingMode.OS);
        return rows;
    }
}
