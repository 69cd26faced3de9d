package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.report.PaperTable1.Comparison;
import dev.lachesis.experiments.report.PaperTable1.Measure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Renders {@code table1.md}: our sweep in the shape of the 2023 paper's Table 1, LACHESIS-MOD-RT's
 * relative change in throughput and e2e latency against LACHESIS-MOD, LACHESIS and OS, averaged over
 * the input rates from OS's {@link SaturationPoint} up, with the paper's number beside each of ours.
 * Workloads the sweep has not run say so. Storm runs with different wait strategies get one table
 * each (their numbers are not comparable); Flink's columns appear in every table.
 */
public final class Table1 {
    /** The file name inside the sweep's directory. */
    public static final String FILE = "table1.md";

    private static final String STORM = "storm";

    private Table1() {
    }

    /** The Markdown text of the table(s) for {@code summary}. */
    public static String render(SweepSummary summary) {
        SortedSet<String> stormStrategies = new TreeSet<>();
        List<Workload> workloads = new ArrayList<>(PaperTable1.WORKLOADS);
        for (Setup setup : summary.setups()) {
            if (setup.spe().equals(STORM)) {
                stormStrategies.add(setup.waitStrategy());
            }
            Workload workload = new Workload(setup.spe(), setup.query());
            if (!workloads.contains(workload)) {
                workloads.add(workload);
            }
        }
        StringBuilder md = new StringBuilder("# Table 1: LACHESIS-MOD-RT against its baselines\n\n");
        if (stormStrategies.isEmpty()) {
            table(md, summary, workloads, Optional.empty());
        }
        for (String strategy : stormStrategies) {
            table(md, summary, workloads, Optional.of(strategy));
        }
        md.append(String.format(Locale.ROOT, """
                Each of our cells is LACHESIS-MOD-RT's relative change against the baseline, \
                (MOD-RT − baseline) / baseline × 100, computed per input rate from the means over repetitions and \
                averaged over the rates at and above OS's saturation point: the lowest input rate at which OS's mean \
                throughput (at the sink; at the source for a query that aggregates, such as STATS) falls below \
                %.0f%% of the input rate. Only rates at which both modes ran count; a cell \
                that used fewer of them says so. Throughput is tuples that reached the sink per second, throughput at \
                the source the records the source emitted into the SPE per second (positive is better for both), \
                E2E latency the mean end-to-end latency (negative is better). Every repetition in measurements.csv \
                counts. "Paper" is Table 1 of Frasca et al., Lachesis-RT, CF '23, measured on an Odroid-XU4.
                """, SaturationPoint.KEPT_UP_SHARE * 100));
        return md.toString();
    }

    private static void table(StringBuilder md, SweepSummary summary, List<Workload> workloads,
                              Optional<String> stormStrategy) {
        stormStrategy.ifPresent(s -> md.append("## Storm wait strategy: ").append(s).append("\n\n"));
        List<Column> columns = workloads.stream().map(w -> column(summary, w, stormStrategy)).toList();
        md.append("| | |");
        columns.forEach(c -> md.append(' ').append(c.heading()).append(" |"));
        md.append("\n|---|---|");
        columns.forEach(c -> md.append("---|"));
        md.append('\n');
        for (Comparison comparison : Comparison.values()) {
            for (Measure measure : Measure.values()) {
                md.append("| ").append(measure == Measure.THROUGHPUT ? comparison.label() : "").append(" | ")
                        .append(measure.label()).append(" |");
                for (Column column : columns) {
                    md.append(' ').append(cell(summary, column, comparison, measure)).append(" |");
                }
                md.append('\n');
            }
        }
        md.append("| OS saturation point |  |");
        columns.forEach(c -> md.append(' ').append(c.saturationText()).append(" |"));
        md.append("\n| Rates averaged (tuples/s) |  |");
        columns.forEach(c -> md.append(' ').append(c.setup().isPresent() && !c.rates().isEmpty()
                ? c.rates().stream().map(Table1::rate).collect(Collectors.joining(", ")) : "–").append(" |"));
        md.append("\n| Repetitions |  |");
        columns.forEach(c -> md.append(' ').append(repetitions(summary, c)).append(" |"));
        md.append("\n\n");
    }

    /** One workload's column: the setup measured for it, if any, and the rates to average over. */
    private record Column(Workload workload, Optional<Setup> setup, boolean osRan, OptionalDouble saturation,
                          double highestOsRate, List<Double> rates) {
        String heading() {
            String heading = workload.label();
            return setup.filter(s -> !s.spe().equals(STORM) && !s.waitStrategy().equals("none"))
                    .map(s -> heading + ", " + s.waitStrategy()).orElse(heading);
        }

        String saturationText() {
            if (setup.isEmpty()) {
                return "–";
            }
            if (!osRan) {
                return "OS not run";
            }
            return saturation.isPresent() ? rate(saturation.getAsDouble()) + " tuples/s"
                    : "none: OS keeps up to " + rate(highestOsRate) + " tuples/s";
        }
    }

    private static Column column(SweepSummary summary, Workload workload, Optional<String> stormStrategy) {
        Optional<Setup> setup = summary.setups().stream()
                .filter(s -> s.spe().equals(workload.spe()) && s.query().equals(workload.query()))
                .filter(s -> !s.spe().equals(STORM) || stormStrategy.map(s.waitStrategy()::equals).orElse(false))
                .findFirst();
        if (setup.isEmpty()) {
            return new Column(workload, setup, false, OptionalDouble.empty(), Double.NaN, List.of());
        }
        List<PointSummary> os = summary.series(setup.get(), SchedulingMode.OS);
        OptionalDouble saturation = SaturationPoint.of(os);
        double highest = os.stream().mapToDouble(p -> p.point().rate()).max().orElse(Double.NaN);
        List<Double> rates = saturation.isEmpty() ? List.of()
                : summary.points().stream()
                        .filter(p -> p.point().setup().equals(setup.get()))
                        .map(p -> p.point().rate())
                        .filter(r -> r >= saturation.getAsDouble())
                        .distinct().sorted().toList();
        return new Column(workload, setup, !os.isEmpty(), saturation, highest, rates);
    }

    private static String cell(SweepSummary summary, Column column, Comparison comparison, Measure measure) {
        String paper = PaperTable1.number(column.workload(), comparison, measure).map(n -> "paper " + n)
                .orElse("not in the paper");
        if (column.setup().isEmpty()) {
            return "not measured yet (" + paper + ")";
        }
        if (!column.osRan()) {
            return "no OS runs (" + paper + ")";
        }
        if (column.saturation().isEmpty()) {
            return "OS not saturated (" + paper + ")";
        }
        if (!measured(summary, column.setup().get(), measure.metric())) {
            return "not measured in this sweep (" + paper + ")";
        }
        Optional<RelativeChange> change = RelativeChange.of(summary, column.setup().get(), comparison, measure.metric(),
                column.rates());
        if (change.isEmpty()) {
            return "no " + SchedulingMode.LACHESIS_MOD_RT.label() + " and " + comparison.baseline().label()
                    + " runs at these rates (" + paper + ")";
        }
        String ours = String.format(Locale.ROOT, "**%+.1f%%**", change.get().percent());
        if (change.get().rates().size() < column.rates().size()) {
            ours += " over " + change.get().rates().size() + " of " + column.rates().size() + " rates";
        }
        return ours + " (" + paper + ")";
    }

    /** Whether any point of {@code setup} has a mean of {@code metric} (sweeps before it was measured have none). */
    private static boolean measured(SweepSummary summary, Setup setup, Metric metric) {
        return summary.points().stream().anyMatch(p -> p.point().setup().equals(setup)
                && !Double.isNaN(p.estimate(metric).mean()));
    }

    private static String repetitions(SweepSummary summary, Column column) {
        if (column.setup().isEmpty() || column.rates().isEmpty()) {
            return "–";
        }
        List<PointSummary> counted = summary.points().stream()
                .filter(p -> p.point().setup().equals(column.setup().get()) && column.rates().contains(p.point().rate()))
                .filter(p -> p.point().mode() == SchedulingMode.LACHESIS_MOD_RT
                        || List.of(Comparison.values()).stream().anyMatch(c -> c.baseline() == p.point().mode()))
                .toList();
        int fewest = counted.stream().mapToInt(p -> p.reps().size()).min().orElse(0);
        int most = counted.stream().mapToInt(p -> p.reps().size()).max().orElse(0);
        SortedSet<Integer> reps = new TreeSet<>();
        counted.forEach(p -> reps.addAll(p.reps()));
        return (fewest == most ? String.valueOf(fewest) : fewest + "–" + most) + " per rate and mode (reps "
                + reps.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")";
    }

    static String rate(double rate) {
        return rate == Math.rint(rate) ? String.format(Locale.ROOT, "%.0f", rate) : String.valueOf(rate);
    }
}
