package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SenmlRecordGeneratorTest {
    private static final int RECORDS = 20_000;

    @Test
    void theSameSeedGivesTheSameRecords() {
        assertThat(take(SenmlRecordGenerator.standard(), 1_000)).isEqualTo(take(SenmlRecordGenerator.standard(), 1_000));
        assertThat(take(new SenmlRecordGenerator(7, 20, 0.05, 0.02), 1_000))
                .isNotEqualTo(take(SenmlRecordGenerator.standard(), 1_000));
    }

    @Test
    void recordsAreSenmlPacksOfEveryFieldWithSensorsTakingTurns() {
        List<SenmlParser.Reading> first = new SenmlParser().parse(new SenmlRecordGenerator(1, 20, 0, 0).next());
        SenmlRecordGenerator generator = new SenmlRecordGenerator(1, 20, 0, 0);
        List<String> records = take(generator, 21);

        assertThat(first).extracting(SenmlParser.Reading::field)
                .containsExactly("temperature", "humidity", "light", "dust", "airquality");
        assertThat(first).allSatisfy(r -> {
            assertThat(r.msgId()).isEqualTo("m0");
            assertThat(r.sensor()).isEqualTo("urn:dev:sensor-0");
            assertThat(r.timeMs()).isEqualTo(SenmlRecordGenerator.FIRST_TIME_MS);
            assertThat(SensorFields.named(r.field()).inRange(r.value())).isTrue();
        });
        SenmlParser.Reading twentyFirst = new SenmlParser().parse(records.get(20)).get(0);
        assertThat(twentyFirst.sensor()).isEqualTo("urn:dev:sensor-0");
        assertThat(twentyFirst.timeMs()).isEqualTo(SenmlRecordGenerator.FIRST_TIME_MS + 1_000);
    }

    @Test
    void aboutTheConfiguredSharesOfReadingsAreOutOfRangeAndOfRecordsAreRepeats() {
        SenmlParser parser = new SenmlParser();
        Set<String> ids = new HashSet<>();
        int repeats = 0;
        int readings = 0;
        int outOfRange = 0;
        for (String record : take(SenmlRecordGenerator.standard(), RECORDS)) {
            List<SenmlParser.Reading> parsed = parser.parse(record);
            if (!ids.add(parsed.get(0).msgId())) {
                repeats++;
                continue;
            }
            for (SenmlParser.Reading r : parsed) {
                readings++;
                outOfRange += SensorFields.named(r.field()).inRange(r.value()) ? 0 : 1;
            }
        }

        assertThat(repeats / (double) RECORDS).isBetween(0.015, 0.025);
        assertThat(outOfRange / (double) readings).isBetween(0.045, 0.055);
    }

    private static List<String> take(SenmlRecordGenerator generator, int n) {
        List<String> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            records.add(generator.next());
        }
        return records;
    }
}
