package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnnotatorTest {
    private final Annotator annotator = new Annotator();

    @Test
    void appendsTheSiteOfTheRowsSensor() {
        assertThat(annotator.annotate("m1,urn:dev:sensor-5,1000,21.00,,,,"))
                .isEqualTo("m1,urn:dev:sensor-5,1000,21.00,,,,,library");
        assertThat(annotator.annotate("m2,urn:dev:sensor-99,1000,,,,,")).endsWith(",unknown");
    }
}
