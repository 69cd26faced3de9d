package dev.lachesis.translators.normalise;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IntRangeTest {
    private final IntRange nice = new IntRange(19, -20);
    private final IntRange realTime = new IntRange(1, 99);

    @Test
    void aLevelFromNeutralCountsFromTheNeutralValueTowardTheHighest() {
        assertThat(nice.fromNeutral(0, 0)).isZero();
        assertThat(nice.fromNeutral(0, 0.5)).isEqualTo(-10);
        assertThat(nice.fromNeutral(0, 1)).isEqualTo(-20);
        assertThat(nice.fromNeutral(0, 0.26)).isEqualTo(-5);
        assertThat(realTime.fromNeutral(1, 0)).isEqualTo(1);
        assertThat(realTime.fromNeutral(1, 1)).isEqualTo(99);
        assertThat(realTime.fromNeutral(1, 0.5)).isEqualTo(50);
    }

    @Test
    void levelsOutsideZeroToOneAndANeutralOutsideTheRangeAreClamped() {
        assertThat(nice.fromNeutral(0, 3)).isEqualTo(-20);
        assertThat(nice.fromNeutral(0, -1)).isZero();
        assertThat(nice.fromNeutral(0, Double.NaN)).isZero();
        assertThat(new IntRange(0, -20).fromNeutral(5, 0)).isZero();
        assertThat(new IntRange(19, -10).fromNeutral(0, 1)).isEqualTo(-10);
    }
}
