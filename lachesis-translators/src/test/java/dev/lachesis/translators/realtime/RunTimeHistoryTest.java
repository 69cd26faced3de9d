package dev.lachesis.translators.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.translators.realtime.RunTimeHistory.Ran;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The CPU a thread took and how often it slept between the looks that fall within a span, from the samples kept. */
class RunTimeHistoryTest {
    private static final ThreadRef T = new ThreadRef(100, 101);
    private static final long MS = 1_000_000;

    @Test
    void whatAThreadTookBetweenItsFirstAndLastSampleWithinTheSpan() {
        RunTimeHistory history = new RunTimeHistory(10_000);
        history.record(T, 900, 0, 0);
        history.record(T, 1_000, 50 * MS, 2);
        history.record(T, 1_600, 350 * MS, 2);
        history.record(T, 2_000, 750 * MS, 5);
        history.record(T, 2_100, 850 * MS, 9);

        Ran ran = history.between(T, 1_000, 2_000).orElseThrow();
        assertThat(ran).isEqualTo(new Ran(700 * MS, 1_000, 3));
        assertThat(ran.share()).isEqualTo(0.7);
        assertThat(history.between(T, 1_700, 1_900)).as("no sample within").isEmpty();
        assertThat(history.between(new ThreadRef(100, 102), 0, 5_000)).isEmpty();
    }

    @Test
    void samplesOlderThanTheTimeKeptAndThreadsNoLongerWatchedAreForgotten() {
        RunTimeHistory history = new RunTimeHistory(1_000);
        history.record(T, 1_000, 0, 0);
        history.record(T, 1_500, 100 * MS, 1);
        history.record(T, 2_200, 300 * MS, 1);

        assertThat(history.between(T, 0, 3_000)).hasValue(new Ran(200 * MS, 700, 0));
        history.retainOnly(Set.of());
        assertThat(history.between(T, 0, 3_000)).isEmpty();
    }
}
