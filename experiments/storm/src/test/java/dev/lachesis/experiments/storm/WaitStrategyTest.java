package dev.lachesis.experiments.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.experiments.launch.WaitStrategy;
import org.junit.jupiter.api.Test;

class WaitStrategyTest {
    @Test
    void aParkTimeIsPartOfTheNameAndOfTheTopologySettings() {
        WaitStrategy longPark = WaitStrategy.named("park-1000us");

        assertThat(longPark.kind()).isEqualTo("park");
        assertThat(longPark.label()).isEqualTo("park-1000us");
        assertThat(longPark.topologySettings()).containsEntry("topology.bolt.wait.park.microsec", 1000)
                .containsEntry("topology.spout.wait.park.microsec", 1000)
                .containsEntry("topology.bolt.wait.strategy", "org.apache.storm.policy.WaitStrategyPark");
        assertThat(WaitStrategy.named(longPark.label())).isEqualTo(longPark);
    }

    @Test
    void theStormDefaultsKeepTheirShortNames() {
        assertThat(WaitStrategy.named("park")).isEqualTo(WaitStrategy.PARK);
        assertThat(WaitStrategy.PARK.label()).isEqualTo("park");
        assertThat(WaitStrategy.named("park-100us")).isEqualTo(WaitStrategy.PARK);
        assertThat(WaitStrategy.named("progressive").topologySettings())
                .containsEntry("topology.spout.wait.strategy", "org.apache.storm.policy.WaitStrategyProgressive");
    }

    @Test
    void anUnknownStrategyIsNamedWithTheKnownOnes() {
        assertThatThrownBy(() -> WaitStrategy.named("park-0us")).hasMessage(
                "no wait strategy is called 'park-0us' (known: park, park-<µs>us such as park-1000us, progressive)");
        assertThatThrownBy(() -> WaitStrategy.named("sleep")).hasMessageContaining("'sleep'");
    }
}
