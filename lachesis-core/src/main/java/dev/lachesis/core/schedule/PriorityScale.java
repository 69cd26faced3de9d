package dev.lachesis.core.schedule;

/**
 * What a single-priority schedule's numbers mean to the translator that applies them. Most policies
 * only rank threads (queue sizes, rates), and the translator's normaliser spreads the ranking over
 * its whole range. A policy that decides how far to move each thread from where the kernel alone
 * would leave it says so instead, and the translator maps each number without looking at the
 * others: a thread left at 0 keeps the kernel's default however the rest of the round looks.
 */
public enum PriorityScale {
    /** Only the order (and, for some normalisers, the ratios) of the priorities counts; the normaliser maps the round's lowest and highest onto the range. */
    RELATIVE,
    /**
     * Each priority, 0 to 1, is the fraction of the way from the neutral value (what the kernel gives
     * a thread nobody touched: nice 0) to the translator's most favourable value ({@code highest});
     * values outside are clamped. The normaliser does not apply.
     */
    FROM_NEUTRAL
}
