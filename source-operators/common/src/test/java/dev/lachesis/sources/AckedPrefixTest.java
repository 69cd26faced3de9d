package dev.lachesis.sources;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AckedPrefixTest {
    @Test
    void growsOnlyOverContiguousAcknowledgements() {
        AckedPrefix prefix = new AckedPrefix(5);

        assertThat(prefix.ack(7)).isFalse();
        assertThat(prefix.ack(6)).isFalse();
        assertThat(prefix.firstUnacked()).isEqualTo(5);
        assertThat(prefix.ackedAhead()).isEqualTo(2);

        assertThat(prefix.ack(5)).isTrue();
        assertThat(prefix.firstUnacked()).isEqualTo(8);
        assertThat(prefix.ackedAhead()).isZero();
    }

    @Test
    void ignoresAcknowledgementsBelowThePrefixAndRepeats() {
        AckedPrefix prefix = new AckedPrefix(0);
        prefix.ack(0);

        assertThat(prefix.ack(0)).isFalse();
        assertThat(prefix.firstUnacked()).isEqualTo(1);
        assertThat(prefix.ackedAhead()).isZero();
    }
}
