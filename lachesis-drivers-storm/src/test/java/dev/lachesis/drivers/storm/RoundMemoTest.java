package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundMemoTest {
    private final List<String> computed = new ArrayList<>();
    private final RoundMemo<Integer> lengths = new RoundMemo<>(name -> {
        computed.add(name);
        return name.equals("none") ? null : name.length();
    });

    @Test
    void namesAskedForEveryRoundAreComputedOnce() {
        for (int round = 0; round < 3; round++) {
            assertThat(lengths.get("a")).isEqualTo(1);
            assertThat(lengths.get("bb")).isEqualTo(2);
            assertThat(lengths.get("none")).isNull();
            assertThat(lengths.get("a")).isEqualTo(1);
            lengths.nextRound();
        }
        assertThat(computed).containsExactly("a", "bb", "none");
    }

    @Test
    void aNameMissingForOneRoundIsStillRemembered() {
        lengths.get("a");
        lengths.nextRound();
        lengths.nextRound();
        lengths.get("a");
        assertThat(computed).containsExactly("a");
    }

    @Test
    void aNameMissingForTwoRoundsIsForgotten() {
        lengths.get("a");
        lengths.get("bb");
        lengths.nextRound();
        lengths.get("bb");
        lengths.nextRound();
        lengths.get("bb");
        lengths.nextRound();
        lengths.get("a");
        lengths.get("bb");
        assertThat(computed).containsExactly("a", "bb", "a");
    }
}
