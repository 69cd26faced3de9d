package dev.lachesis.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Sizes as users write them, and back. */
class ByteSizeTest {
    @Test
    void readsBinaryUnitsAndBareBytes() {
        assertThat(ByteSize.parse("8MiB").bytes()).isEqualTo(8L * 1024 * 1024);
        assertThat(ByteSize.parse("512 kib").bytes()).isEqualTo(512L * 1024);
        assertThat(ByteSize.parse("2GiB").bytes()).isEqualTo(2L * 1024 * 1024 * 1024);
        assertThat(ByteSize.parse("1500").bytes()).isEqualTo(1500);
        assertThat(ByteSize.parse("1500B").bytes()).isEqualTo(1500);
    }

    @Test
    void writesTheLargestExactUnit() {
        assertThat(ByteSize.mib(8)).hasToString("8MiB");
        assertThat(ByteSize.kib(1536)).hasToString("1536KiB");
        assertThat(ByteSize.mib(2048)).hasToString("2GiB");
        assertThat(new ByteSize(1500)).hasToString("1500B");
        assertThat(new ByteSize(0)).hasToString("0B");
        assertThat(ByteSize.parse(ByteSize.kib(1536).toString())).isEqualTo(ByteSize.kib(1536));
    }

    @Test
    void rejectsDecimalUnitsFractionsAndOverflowNamingTheText() {
        for (String bad : new String[] {"8MB", "1.5MiB", "-1", "lots", ""}) {
            assertThatThrownBy(() -> ByteSize.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + bad + "' is not a size (use e.g. 512KiB, 8MiB, 1GiB or bytes)");
        }
        assertThatThrownBy(() -> ByteSize.parse("999999999999999999GiB")).hasMessage("'999999999999999999GiB' is too large a size");
    }
}
