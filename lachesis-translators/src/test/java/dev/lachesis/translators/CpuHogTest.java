package dev.lachesis.translators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.ThreadRef;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CpuHogTest {
    private static final long MS = 1_000_000;
    private static final QueryKey Q = new QueryKey("storm", "q");
    private static final ThreadRef SPINNER = new ThreadRef(1, 11);
    private static final ThreadRef SINK = new ThreadRef(1, 12);
    private static final ThreadRef SENDER = new ThreadRef(1, 13);

    private final CpuHog hogs = new CpuHog();

    @Test
    void theOneThreadThatRanWhileTheRestOfItsQueryGotNoneHoldsTheCpu() {
        hogs.sample(Q, Map.of(SPINNER, 1_000 * MS, SINK, 50 * MS, SENDER, 20 * MS), 0);
        hogs.sample(Q, Map.of(SPINNER, 1_290 * MS, SINK, 50 * MS, SENDER, 20 * MS), 300 * MS);

        assertThat(hogs.of(Q, 250 * MS)).hasValue(new CpuHog.Hog(SPINNER, 290 * MS, 300 * MS, 2));
    }

    @Test
    void aQueryWithASecondThreadRunningOrATooShortOrTooLightWatchHasNoHog() {
        hogs.sample(Q, Map.of(SPINNER, 0L, SINK, 0L, SENDER, 0L), 0);
        hogs.sample(Q, Map.of(SPINNER, 280 * MS, SINK, 0L, SENDER, 5 * MS), 300 * MS);
        assertThat(hogs.of(Q, 250 * MS)).as("its sender ran: the query works").isEmpty();

        hogs.retainOnly(Set.of());
        hogs.sample(Q, Map.of(SPINNER, 0L, SINK, 0L), 0);
        hogs.sample(Q, Map.of(SPINNER, 200 * MS, SINK, 0L), 200 * MS);
        assertThat(hogs.of(Q, 250 * MS)).as("watched for less than asked").isEmpty();

        hogs.sample(Q, Map.of(SPINNER, 100 * MS, SINK, 0L), 300 * MS);
        assertThat(hogs.of(Q, 250 * MS)).as("it ran a third of the time: something else held the CPU").isEmpty();
    }

    @Test
    void aQueryNoLongerSuspectIsForgotten() {
        hogs.sample(Q, Map.of(SPINNER, 0L, SINK, 0L), 0);
        hogs.retainOnly(Set.of());
        hogs.sample(Q, Map.of(SPINNER, 300 * MS, SINK, 0L), 300 * MS);

        assertThat(hogs.of(Q, 250 * MS)).as("the watch starts again from the new baseline").isEmpty();
    }
}
