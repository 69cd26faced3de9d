package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CsvToSenmlTest {
    private final CsvToSenml converter = new CsvToSenml();

    @Test
    void turnsAnAnnotatedRowIntoASenmlPackWithoutItsMissingValues() {
        assertThat(converter.convert("m1,urn:dev:sensor-5,1704067200000,21.5,,300.25,12,40,library"))
                .isEqualTo("{\"bn\":\"urn:dev:sensor-5:\",\"bt\":1704067200000,\"e\":["
                        + "{\"n\":\"msgid\",\"sv\":\"m1\"},"
                        + "{\"n\":\"temperature\",\"u\":\"Cel\",\"v\":21.5},"
                        + "{\"n\":\"light\",\"u\":\"lx\",\"v\":300.25},"
                        + "{\"n\":\"dust\",\"u\":\"ug/m3\",\"v\":12.0},"
                        + "{\"n\":\"airquality\",\"u\":\"AQI\",\"v\":40.0},"
                        + "{\"n\":\"site\",\"sv\":\"library\"}]}");
    }

    @Test
    void itsOutputParsesBackToTheRowsReadings() {
        assertThat(new SenmlParser().parse(converter.convert("m1,s,1000,1,2,3,4,5,x")))
                .extracting(SenmlParser.Reading::value).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, Double.NaN);
    }

    @Test
    void namesARowThatDoesNotFitTheSchema() {
        assertThatThrownBy(() -> converter.convert("m1,s,1000,1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("row 'm1,s,1000,1' does not have 9 columns");
    }
}
