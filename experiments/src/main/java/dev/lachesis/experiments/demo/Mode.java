package dev.lachesis.experiments.demo;

/**
 * The two halves of the demo, named as in the 2023 paper. Both run the daemon with the same policy
 * file (QS-IO, the real-time translator); under {@link #OS} it only watches ({@code --dry-run}), so
 * the live table can show the queues while the kernel schedules alone.
 */
enum Mode {
    /** The kernel alone: the daemon plans but changes no thread. */
    OS("OS", false),
    /** QS-IO with SCHED_RR priorities inside the RT budget. */
    LACHESIS_MOD_RT("LACHESIS-MOD-RT", true);

    private final String label;
    private final boolean applies;

    Mode(String label, boolean applies) {
        this.label = label;
        this.applies = applies;
    }

    String label() {
        return label;
    }

    /** Whether the daemon changes threads in this mode. */
    boolean applies() {
        return applies;
    }
}
