package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SenmlParserTest {
    private final SenmlParser parser = new SenmlParser();

    @Test
    void splitsAPackIntoItsReadingsWithBaseNameAndBaseTimeResolved() {
        String pack = """
                {"bn":"urn:dev:sensor-3:","bt":1704067200000,"e":[
                  {"n":"msgid","sv":"m7"},
                  {"n":"temperature","u":"Cel","v":21.5},
                  {"n":"humidity","u":"%RH","v":40,"t":2},
                  {"n":"light","u":"lx","vs":"dark"}]}""";

        assertThat(parser.parse(pack)).containsExactly(
                new SenmlParser.Reading("m7", "urn:dev:sensor-3", 1704067200000L, "temperature", 21.5, 3),
                new SenmlParser.Reading("m7", "urn:dev:sensor-3", 1704067200002L, "humidity", 40.0, 3),
                new SenmlParser.Reading("m7", "urn:dev:sensor-3", 1704067200000L, "light", Double.NaN, 3));
    }

    @Test
    void rejectsTextThatIsNotAPackWithAMessageId() {
        assertThatThrownBy(() -> parser.parse("{\"e\":[{\"n\":\"dust\",\"v\":1}]}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("msgid");
        assertThatThrownBy(() -> parser.parse("{not json")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not JSON");
    }
}
