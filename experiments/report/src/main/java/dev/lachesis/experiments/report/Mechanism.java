package dev.lachesis.experiments.report;

/**
 * How the translator applied an operator's priority in a run, as {@code operators.csv} names it.
 * The two scales run opposite ways, so a chart must never put them on one axis.
 */
public enum Mechanism {
    /** Nice values, -20..19: lower is more important. */
    NICE("nice", "Nice value (lower is more important)"),
    /** SCHED_RR priorities, 1..99: higher is more important. */
    RR("rr", "SCHED_RR priority (higher is more important)"),
    /** No priority applied (the OS mode). */
    NONE("none", "No priority applied");

    private final String label;
    private final String axisTitle;

    Mechanism(String label, String axisTitle) {
        this.label = label;
        this.axisTitle = axisTitle;
    }

    /** The name in {@code operators.csv}. */
    public String label() {
        return label;
    }

    /** The y axis title of a chart of priorities applied this way. */
    public String axisTitle() {
        return axisTitle;
    }

    static Mechanism ofLabel(String label) {
        for (Mechanism mechanism : values()) {
            if (mechanism.label.equals(label)) {
                return mechanism;
            }
        }
        throw new IllegalArgumentException("must be one of nice, rr, none");
    }
}
