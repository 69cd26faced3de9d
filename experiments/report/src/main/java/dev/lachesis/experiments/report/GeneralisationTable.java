package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Renders {@code generalisation.md}: how each mode does on many queries at once, the way a policy is
 * judged on queries it was not designed with (random shapes, or the queries of this repository).
 * Per SPE and wait strategy, one row per query and mode with the throughput at the source as a ratio
 * to OS and to STATIC in the same sitting (paired by repetition, {@link PairedRatio}; every rate of
 * the sweep at which OS fell behind counts; a rate OS kept up with, taking in at least
 * {@value SaturationPoint#KEPT_UP_SHARE} of it at the source, is not beyond saturation and is left out,
 * a query with no other rate listed as such), the throughput at the sink against OS,
 * and the share of the daemon's rounds in which its most favoured operator moved by 10 levels or
 * more. Then per mode over the queries: the geometric mean of the per-query ratios with a 95%
 * interval across queries (Student's t on their logarithms), the lowest query, and the highest
 * share of such rounds. Stateless.
 */
public final class GeneralisationTable {
    /** The file name inside the report's directory. */
    public static final String FILE = "generalisation.md";

    private GeneralisationTable() {
    }

    /** One query's cells for one mode. */
    private record Row(String query, Estimate sourceVsOs, Estimate sourceVsStatic, Estimate sinkVsOs,
                       double jumpShare) {
    }

    /** The Markdown text for {@code summary}. */
    public static String render(SweepSummary summary) {
        Map<String, List<Setup>> groups = new TreeMap<>();
        for (Setup setup : summary.setups()) {
            groups.computeIfAbsent(setup.spe() + " (" + (setup.waitStrategy().equals("none") ? "" : "wait strategy "
                    + setup.waitStrategy()) + ")", g -> new ArrayList<>()).add(setup);
        }
        StringBuilder md = new StringBuilder("# Every mode on every query, against OS and STATIC in the same sitting\n\n");
        groups.forEach((group, setups) -> section(md, summary, group.replace(" ()", ""), setups));
        md.append("""
                Each ratio is the mode's figure over the reference's in the same repetition (the modes of a \
                repetition run one after the other), averaged over the repetitions with a 95% Student-t interval \
                ([low, high]); throughput at the source is what the query took in. *Jumps* is the share of the \
                acting daemon's rounds in the measurement window in which the operator it favoured most moved by \
                10 nice or real-time levels or more from the round before. The geometric mean over the queries \
                weighs every query alike; its interval is Student's t over the queries' log-ratios, so it says how \
                far another set of queries like these could land, not how precise each query's ratio is.
                """);
        return md.toString();
    }

    private static void section(StringBuilder md, SweepSummary summary, String group, List<Setup> setups) {
        md.append("## ").append(group).append("\n\n")
                .append("| Query | Mode | Source ×OS | Source ×STATIC | Sink ×OS | Jumps | Reps |\n")
                .append("|---|---|---|---|---|---|---|\n");
        Map<SchedulingMode, List<Row>> byMode = new EnumMap<>(SchedulingMode.class);
        for (Setup setup : setups) {
            Map<SchedulingMode, Map<Metric, Map<Double, Map<Integer, Double>>>> values = OsRatioTable.values(summary, setup,
                    Set.of(Metric.SOURCE_THROUGHPUT, Metric.THROUGHPUT, Metric.TOP_JUMPS, Metric.ROUNDS));
            if (!values.containsKey(SchedulingMode.OS)) {
                continue;
            }
            List<Double> beyond = ratesBeyondSaturation(values.get(SchedulingMode.OS));
            if (beyond.isEmpty()) {
                md.append("| ").append(setup.query()).append(" | – | not beyond saturation: OS kept up with every rate"
                        + " tried | | | | |\n");
                continue;
            }
            for (SchedulingMode mode : values.keySet()) {
                if (mode == SchedulingMode.OS) {
                    continue;
                }
                Row row = row(setup.query(), values, mode, beyond);
                if (row == null) {
                    continue;
                }
                byMode.computeIfAbsent(mode, m -> new ArrayList<>()).add(row);
                md.append("| ").append(row.query()).append(" | ").append(mode.label()).append(" | ")
                        .append(OsRatioTable.cell(row.sourceVsOs())).append(" | ")
                        .append(mode == SchedulingMode.STATIC ? "" : OsRatioTable.cell(row.sourceVsStatic()))
                        .append(" | ").append(OsRatioTable.cell(row.sinkVsOs())).append(" | ")
                        .append(percent(row.jumpShare())).append(" | ").append(row.sourceVsOs().n()).append(" |\n");
            }
        }
        md.append("\nOver the queries:\n\n| Mode | Queries | Source ×OS, geometric mean | Lowest source ×OS |"
                + " Source ×STATIC, geometric mean | Sink ×OS, geometric mean | Most jumps |\n"
                + "|---|---|---|---|---|---|---|\n");
        byMode.forEach((mode, rows) -> {
            Row lowest = rows.stream().min((a, b) -> Double.compare(a.sourceVsOs().mean(), b.sourceVsOs().mean()))
                    .orElseThrow();
            md.append("| ").append(mode.label()).append(" | ").append(rows.size()).append(" | ")
                    .append(geometricMean(rows.stream().map(Row::sourceVsOs).toList())).append(" | ")
                    .append(String.format(Locale.ROOT, "×%.3f (%s)", lowest.sourceVsOs().mean(), lowest.query()))
                    .append(" | ").append(mode == SchedulingMode.STATIC ? ""
                            : geometricMean(rows.stream().map(Row::sourceVsStatic).toList()))
                    .append(" | ").append(geometricMean(rows.stream().map(Row::sinkVsOs).toList()))
                    .append(" | ").append(percent(rows.stream().mapToDouble(Row::jumpShare).filter(j -> !Double.isNaN(j))
                            .max().orElse(Double.NaN))).append(" |\n");
        });
        md.append('\n');
    }

    private static Row row(String query, Map<SchedulingMode, Map<Metric, Map<Double, Map<Integer, Double>>>> values,
                           SchedulingMode mode, List<Double> beyondSaturation) {
        Map<Metric, Map<Double, Map<Integer, Double>>> own = values.get(mode);
        Map<Metric, Map<Double, Map<Integer, Double>>> os = values.get(SchedulingMode.OS);
        Map<Metric, Map<Double, Map<Integer, Double>>> hand = values.get(SchedulingMode.STATIC);
        List<Double> rates = own.get(Metric.SOURCE_THROUGHPUT).keySet().stream().filter(beyondSaturation::contains)
                .sorted().toList();
        if (rates.isEmpty()) {
            return null;
        }
        Estimate vsStatic = hand == null ? Estimate.of()
                : PairedRatio.of(own.get(Metric.SOURCE_THROUGHPUT), hand.get(Metric.SOURCE_THROUGHPUT), rates);
        double jumps = 0;
        double rounds = 0;
        for (double rate : rates) {
            for (Map.Entry<Integer, Double> rep : own.get(Metric.ROUNDS).get(rate).entrySet()) {
                Double j = own.get(Metric.TOP_JUMPS).get(rate).get(rep.getKey());
                if (j != null && !Double.isNaN(j) && !Double.isNaN(rep.getValue())) {
                    jumps += j;
                    rounds += rep.getValue();
                }
            }
        }
        return new Row(query, PairedRatio.of(own.get(Metric.SOURCE_THROUGHPUT), os.get(Metric.SOURCE_THROUGHPUT), rates),
                vsStatic, PairedRatio.of(own.get(Metric.THROUGHPUT), os.get(Metric.THROUGHPUT), rates),
                rounds > 0 ? jumps / rounds : Double.NaN);
    }

    /**
     * The rates at which OS fell behind: its mean intake at the source below
     * {@value SaturationPoint#KEPT_UP_SHARE} of the rate (an unknown intake counts as behind).
     */
    private static List<Double> ratesBeyondSaturation(Map<Metric, Map<Double, Map<Integer, Double>>> os) {
        List<Double> beyond = new ArrayList<>();
        os.get(Metric.SOURCE_THROUGHPUT).forEach((rate, reps) -> {
            double intake = reps.values().stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v))
                    .average().orElse(Double.NaN);
            if (!(intake >= SaturationPoint.KEPT_UP_SHARE * rate)) {
                beyond.add(rate);
            }
        });
        return beyond;
    }

    /**
     * {@code ×1.150 [1.080, 1.224]}: the geometric mean of the queries' mean ratios with the 95%
     * interval of Student's t over their logarithms, turned back into ratios.
     */
    static String geometricMean(List<Estimate> ratios) {
        Estimate log = Estimate.of(ratios.stream().filter(e -> e.n() > 0 && e.mean() > 0)
                .mapToDouble(e -> Math.log(e.mean())).toArray());
        if (log.n() == 0) {
            return "–";
        }
        if (log.n() == 1) {
            return String.format(Locale.ROOT, "×%.3f (1 query)", Math.exp(log.mean()));
        }
        return String.format(Locale.ROOT, "×%.3f [%.3f, %.3f]", Math.exp(log.mean()), Math.exp(log.low()),
                Math.exp(log.high()));
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }
}
