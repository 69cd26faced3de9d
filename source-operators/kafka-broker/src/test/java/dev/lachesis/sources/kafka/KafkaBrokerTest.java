package dev.lachesis.sources.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.RepeatedTest;

class KafkaBrokerTest {
    @RepeatedTest(200)
    void clusterIdsAreKafkaUuidsTheFormatToolCannotMistakeForOptions() {
        assertThat(KafkaBroker.randomClusterId()).hasSize(22).matches("[A-Za-z0-9_][A-Za-z0-9_-]{21}");
    }
}
