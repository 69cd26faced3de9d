package dev.lachesis.translators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lachesis.translators.realtime.RealTimeSettings;
import dev.lachesis.translators.realtime.WatchdogSettings;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.kernel.SchedPolicy;
import dev.lachesis.translators.normalise.IntRange;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SettingsTest {
    private static ConfigNode yaml(String text) {
        return ConfigNode.ofYaml("policies[0].translator-settings", text);
    }

    @Test
    void defaultsFollowThePapers() throws Exception {
        NiceSettings nice = NiceSettings.bind(ConfigNode.empty("x"));
        assertThat(nice.range()).isEqualTo(new IntRange(19, -20));
        assertThat(nice.normaliser().name()).isEqualTo("linear");
        RealTimeSettings rt = RealTimeSettings.bind(ConfigNode.empty("x"));
        assertThat(rt.policy()).isEqualTo(SchedPolicy.RR);
        assertThat(rt.range()).isEqualTo(new IntRange(1, 99));
        assertThat(rt.watchdog()).isEqualTo(WatchdogSettings.DEFAULT);
        assertThat(CgroupTranslatorSettings.bind(ConfigNode.empty("x"), CgroupVersion.V1).range()).isEqualTo(new IntRange(10, 1024));
        assertThat(CgroupTranslatorSettings.bind(ConfigNode.empty("x"), CgroupVersion.V2).range()).isEqualTo(new IntRange(1, 100));
        assertThat(CgroupTranslatorSettings.bind(ConfigNode.empty("x"), CgroupVersion.V1).normaliser().name())
                .isEqualTo("proportional");
        assertThat(CgroupSettings.bind(ConfigNode.empty("cgroups"))).isEqualTo(new CgroupSettings("/lachesis", null));
    }

    @Test
    void readsEveryKey() throws Exception {
        RealTimeSettings rt = RealTimeSettings.bind(yaml("""
                policy: fifo
                lowest: 10
                highest: 50
                normaliser: log
                smoothing: 0.5
                watchdog: {enabled: false, period: 100ms, stall: 1s, progress-age: 5s, backoff: 2m, lend-after: 3s}
                polling-spes: rt
                """));
        assertThat(rt.policy()).isEqualTo(SchedPolicy.FIFO);
        assertThat(rt.realTimeOnPollingSpes()).isTrue();
        assertThat(RealTimeSettings.bind(yaml("{}")).realTimeOnPollingSpes()).isFalse();
        assertThat(rt.range()).isEqualTo(new IntRange(10, 50));
        assertThat(rt.normaliser().name()).isEqualTo("log");
        assertThat(rt.smoothing()).isEqualTo(0.5);
        assertThat(rt.watchdog()).isEqualTo(new WatchdogSettings(false, Duration.ofMillis(100), Duration.ofSeconds(1),
                Duration.ofSeconds(5), Duration.ofMinutes(2), Duration.ofSeconds(3)));
    }

    @Test
    void everyBadValueIsReportedWithItsAllowedRange() {
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> RealTimeSettings.bind(yaml("""
                policy: deadline
                lowest: 0
                highest: 120
                normaliser: cubic
                smoothing: 1.5
                watchdog: {period: soon}
                polling-spes: sometimes
                colour: red
                """)));
        assertThat(e.problems()).containsExactlyInAnyOrder(
                        "policies[0].translator-settings.colour was 'colour' but is not a known key (known: highest, lowest, normaliser, policy, polling-spes, smoothing, watchdog)",
                        "policies[0].translator-settings.polling-spes was 'sometimes' but must be one of nice, rt",
                        "policies[0].translator-settings.policy was 'deadline' but must be one of rr, fifo",
                        "policies[0].translator-settings.lowest was '0' but must be a whole number from 1 to 99",
                        "policies[0].translator-settings.highest was '120' but must be a whole number from 1 to 99",
                        "policies[0].translator-settings.normaliser was 'cubic' but must be one of linear, log, nice-ratio",
                        "policies[0].translator-settings.smoothing was '1.5' but must be a number from 0.0 up to (not including) 1.0",
                        "policies[0].translator-settings.watchdog.period was 'soon' but must be a duration such as 500ms, 1s, 2m");
    }

    @Test
    void niceHighestMustBeBelowLowest() {
        assertThatThrownBy(() -> NiceSettings.bind(yaml("{highest: 5, lowest: 0}")))
                .hasMessage("policies[0].translator-settings.highest was '5' but must be below lowest (0): a lower nice value means more CPU");
        assertThatThrownBy(() -> NiceSettings.bind(yaml("{highest: -25}")))
                .hasMessage("policies[0].translator-settings.highest was '-25' but must be a whole number from -20 to 19");
    }

    @Test
    void proportionalIsForWeightsAndNiceRatioForLevels() {
        assertThatThrownBy(() -> NiceSettings.bind(yaml("{normaliser: proportional}")))
                .hasMessage("policies[0].translator-settings.normaliser was 'proportional' but must be one of linear, log, nice-ratio");
        assertThatThrownBy(() -> CgroupTranslatorSettings.bind(yaml("{normaliser: nice-ratio}"), CgroupVersion.V1))
                .hasMessage("policies[0].translator-settings.normaliser was 'nice-ratio' but must be one of proportional, linear, log");
    }

    @Test
    void cgroupWeightsAreCheckedAgainstTheVersionsRange() {
        assertThatThrownBy(() -> CgroupTranslatorSettings.bind(yaml("{highest: 20000}"), CgroupVersion.V2))
                .hasMessage("policies[0].translator-settings.highest was '20000' but must be a whole number from 1 to 10000");
        assertThatThrownBy(() -> CgroupSettings.bind(ConfigNode.ofYaml("cgroups", "{root: ../etc, rt-runtime-us: 0}")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("cgroups.root was '../etc' but must be a relative group path")
                .hasMessageContaining("cgroups.rt-runtime-us was '0' but must be a whole number from 1 to 10000000");
    }
}
