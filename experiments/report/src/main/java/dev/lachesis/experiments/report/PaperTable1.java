package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The numbers of Table 1 of the 2023 paper (Frasca et al., "Lachesis-RT", CF '23), measured on an
 * Odroid-XU4: LACHESIS-MOD-RT's average relative change in throughput and e2e latency against three
 * baselines over the input rates beyond the saturation limit. Our Table 1 prints them beside ours.
 */
public final class PaperTable1 {
    /** The paper's columns, in its order. */
    public static final List<Workload> WORKLOADS = List.of(
            new Workload("storm", "etl"), new Workload("storm", "stats"),
            new Workload("storm", "lr"), new Workload("flink", "lr"));

    /** Per workload, comparison: {throughput, e2e latency}, as printed in the paper. */
    private static final Map<Workload, Map<Comparison, List<String>>> NUMBERS = Map.of(
            WORKLOADS.get(0), Map.of(
                    Comparison.MOD_RT_VS_MOD, List.of("+7%", "-14%"),
                    Comparison.MOD_RT_VS_LACHESIS, List.of("+19%", "-31%"),
                    Comparison.MOD_RT_VS_OS, List.of("+38%", "-71%")),
            WORKLOADS.get(1), Map.of(
                    Comparison.MOD_RT_VS_MOD, List.of("+6.38%", "-5.49%"),
                    Comparison.MOD_RT_VS_LACHESIS, List.of("+11%", "-13%"),
                    Comparison.MOD_RT_VS_OS, List.of("+29%", "-52%")),
            WORKLOADS.get(2), Map.of(
                    Comparison.MOD_RT_VS_MOD, List.of("+2.49%", "-11%"),
                    Comparison.MOD_RT_VS_LACHESIS, List.of("+3.3%", "-25%"),
                    Comparison.MOD_RT_VS_OS, List.of("+38%", "-93%")),
            WORKLOADS.get(3), Map.of(
                    Comparison.MOD_RT_VS_MOD, List.of("+1.1%", "-27%"),
                    Comparison.MOD_RT_VS_LACHESIS, List.of("+2.8%", "-40%"),
                    Comparison.MOD_RT_VS_OS, List.of("+5.7%", "-73%")));

    /** How the sweeps name Storm 1.2.3, the paper's Storm. */
    private static final String STORM1 = "storm1";

    private PaperTable1() {
    }

    /**
     * The paper's number for {@code workload}, {@code comparison} and {@code measure}, if the paper
     * has that column and row (it counts throughput at the sink only). The paper's Storm was 1.2.3,
     * so a Storm 1.x workload ({@code storm1}) has the paper's Storm numbers; a Storm 2 one has them
     * too, as the nearest the paper measured.
     */
    public static Optional<String> number(Workload workload, Comparison comparison, Measure measure) {
        Workload asInPaper = workload.spe().equals(STORM1) ? new Workload("storm", workload.query()) : workload;
        Map<Comparison, List<String>> column = NUMBERS.get(asInPaper);
        if (column == null || measure == Measure.SOURCE_THROUGHPUT) {
            return Optional.empty();
        }
        return Optional.of(column.get(comparison).get(measure == Measure.THROUGHPUT ? 0 : 1));
    }

    /** The rows of Table 1: LACHESIS-MOD-RT against one baseline. */
    public enum Comparison {
        MOD_RT_VS_MOD("MOD-RT vs MOD", SchedulingMode.LACHESIS_MOD),
        MOD_RT_VS_LACHESIS("MOD-RT vs LACHESIS", SchedulingMode.LACHESIS),
        MOD_RT_VS_OS("MOD-RT vs OS", SchedulingMode.OS);

        private final String label;
        private final SchedulingMode baseline;

        Comparison(String label, SchedulingMode baseline) {
            this.label = label;
            this.baseline = baseline;
        }

        public String label() {
            return label;
        }

        /** The mode LACHESIS-MOD-RT is compared against. */
        public SchedulingMode baseline() {
            return baseline;
        }
    }

    /**
     * What each row compares: throughput at the sink and at the source (higher is better) or mean
     * e2e latency (lower is better).
     */
    public enum Measure {
        THROUGHPUT("Throughput", Metric.THROUGHPUT),
        SOURCE_THROUGHPUT("Throughput at the source", Metric.SOURCE_THROUGHPUT),
        E2E_LATENCY("E2E latency", Metric.E2E_MEAN_MS);

        private final String label;
        private final Metric metric;

        Measure(String label, Metric metric) {
            this.label = label;
            this.metric = metric;
        }

        public String label() {
            return label;
        }

        /** The measured metric whose means are compared. */
        public Metric metric() {
            return metric;
        }
    }
}
