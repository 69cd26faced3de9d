package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecordJoinerTest {
    @Test
    void emitsOneRowInSchemaOrderOnceEveryReadingOfTheRecordArrived() {
        RecordJoiner joiner = new RecordJoiner(10);

        assertThat(joiner.add("m1", "s1", 1_000, "dust", 12.5, 5)).isEmpty();
        assertThat(joiner.add("m2", "s2", 1_000, "dust", 1, 5)).isEmpty();
        assertThat(joiner.add("m1", "s1", 1_000, "temperature", 21, 5)).isEmpty();
        assertThat(joiner.add("m1", "s1", 1_000, "light", Double.NaN, 5)).isEmpty();
        assertThat(joiner.add("m1", "s1", 1_000, "airquality", 40.125, 5)).isEmpty();

        assertThat(joiner.add("m1", "s1", 1_000, "humidity", 55, 5)).contains("m1,s1,1000,21.00,55.00,,12.50,40.13");
        assertThat(joiner.pendingRecords()).isEqualTo(1);
    }

    @Test
    void forgetsTheOldestIncompleteRecordBeyondItsCapacity() {
        RecordJoiner joiner = new RecordJoiner(2);
        joiner.add("m1", "s1", 1_000, "dust", 1, 2);
        joiner.add("m2", "s1", 2_000, "dust", 2, 2);
        joiner.add("m3", "s1", 3_000, "dust", 3, 2);

        assertThat(joiner.pendingRecords()).isEqualTo(2);
        assertThat(joiner.add("m1", "s1", 1_000, "light", 1, 2)).as("m1 starts over").isEmpty();
        assertThat(joiner.add("m3", "s1", 3_000, "light", 3, 2)).contains("m3,s1,3000,,,3.00,3.00,");
    }
}
