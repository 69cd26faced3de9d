package dev.lachesis.experiments.report;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Who schedules the SPE's threads in a run, named as in the 2023 paper's figures and as the sweep
 * harness writes them in the {@code mode} column. The declaration order is the order of legends and
 * bars, so every chart lists the modes the same way.
 */
public enum SchedulingMode {
    /** The kernel alone. */
    OS("OS"),
    /** The 2021 Lachesis: queue-size policy through nice values. */
    LACHESIS("LACHESIS"),
    /** The refined congestion-aware policy (QS-IO) through nice values. */
    LACHESIS_MOD("LACHESIS-MOD"),
    /** The refined policy through SCHED_RR priorities. */
    LACHESIS_MOD_RT("LACHESIS-MOD-RT"),
    /** Random priorities: a control that shows what any change of priorities does. */
    RANDOM("RANDOM");

    private final String label;

    SchedulingMode(String label) {
        this.label = label;
    }

    /** The name in the CSV files and in legends. */
    public String label() {
        return label;
    }

    /** The mode whose label is {@code label}, or an error listing the labels there are. */
    static SchedulingMode ofLabel(String label) {
        for (SchedulingMode mode : values()) {
            if (mode.label.equals(label)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("must be one of " + labels());
    }

    static String labels() {
        return Arrays.stream(values()).map(SchedulingMode::label).collect(Collectors.joining(", "));
    }
}
