package dev.lachesis.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RelativeTimeTest {
    @Test
    void readsTheFormsClientsSend() {
        assertThat(RelativeTime.resolve("now", 10_000)).isEqualTo(10_000);
        assertThat(RelativeTime.resolve("-60s", 10_000)).isEqualTo(9_940);
        assertThat(RelativeTime.resolve("-5min", 10_000)).isEqualTo(9_700);
        assertThat(RelativeTime.resolve("-1h", 10_000)).isEqualTo(6_400);
        assertThat(RelativeTime.resolve("-1d", 100_000)).isEqualTo(13_600);
        assertThat(RelativeTime.resolve("1795433397", 0)).isEqualTo(1_795_433_397L);
        assertThatThrownBy(() -> RelativeTime.resolve("-5parsecs", 0)).hasMessageStartingWith("'-5parsecs' is not a time");
    }
}
