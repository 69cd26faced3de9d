package dev.lachesis.translators.normalise;

/**
 * Turns a policy's real-valued priorities into the integer values an OS mechanism takes (2021 paper
 * §5.3). The higher a raw priority, the closer its value to {@link IntRange#highest()}. Every input
 * has a defined result: NaN and -∞ get the lowest value, +∞ the highest, equal priorities (and a
 * single thread) the highest; normalisers on logarithms give zeros and negatives the lowest value and
 * keep it for them alone when the range has room. Implementations are pure and immutable.
 */
public interface Normaliser {
    /**
     * Normalises {@code raw} onto {@code range}.
     *
     * @return one value per raw priority, in the same order, each inside the range
     */
    int[] normalise(double[] raw, IntRange range);

    /** The name the configuration uses for it. */
    String name();
}
