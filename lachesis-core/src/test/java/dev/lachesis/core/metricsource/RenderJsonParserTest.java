package dev.lachesis.core.metricsource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.util.List;
import org.junit.jupiter.api.Test;

class RenderJsonParserTest {
    /** Captured from graphite-web 1.1.8 (Debian 12) started by deploy/graphite/graphite.sh. */
    private static final String REAL_ANSWER = """
            [{"target": "a.b.c", "tags": {"name": "a.b.c"}, "datapoints": [[null, 1795433395], [null, 1795433396], \
            [7.0, 1795433397], [null, 1795433398], [null, 1795433399]]}]""";

    @Test
    void readsGraphitesAnswerWithNullsAsMissingPoints() throws Exception {
        List<Series> series = RenderJsonParser.parse(REAL_ANSWER);

        assertThat(series).containsExactly(new Series("a.b.c", List.of(DataPoint.missing(1795433395),
                DataPoint.missing(1795433396), new DataPoint(1795433397, 7), DataPoint.missing(1795433398),
                DataPoint.missing(1795433399))));
    }

    @Test
    void aValueNotANumberInAnySpellingIsAnEmptyBucketAndAQuotedNumberIsTheNumber() throws Exception {
        String quoted = """
                [{"target": "a", "datapoints": [["NaN", 10], ["nan", 11], ["-Infinity", 12], ["inf", 13], ["None", 14],
                 ["null", 15], [NaN, 16], [Infinity, 17], ["7.5", 18], [" 3 ", 19]]}]""";

        assertThat(RenderJsonParser.parse(quoted).get(0).points()).containsExactly(DataPoint.missing(10),
                DataPoint.missing(11), DataPoint.missing(12), DataPoint.missing(13), DataPoint.missing(14),
                DataPoint.missing(15), DataPoint.missing(16), DataPoint.missing(17), new DataPoint(18, 7.5),
                new DataPoint(19, 3));
    }

    @Test
    void aProblemsKindLeavesOutTheSampleSoEveryRoundsAnswerHasTheSameKind() {
        assertThatThrownBy(() -> RenderJsonParser.parse("[{\"target\": \"a\", \"datapoints\": [[\"x\", 1]]}]"))
                .isInstanceOfSatisfying(MalformedRenderException.class, e -> assertThat(e.kind())
                        .isEqualTo("a datapoint that is not [value or null, seconds]"));
        assertThatThrownBy(() -> RenderJsonParser.parse("[{\"target\": \"a\", \"datapoints\": [[1, 2]"))
                .isInstanceOfSatisfying(MalformedRenderException.class, e -> assertThat(e.kind())
                        .isEqualTo("malformed JSON"));
    }

    @Test
    void anEmptyListMeansNoSeriesMatched() throws Exception {
        assertThat(RenderJsonParser.parse("[]\n")).isEmpty();
    }

    @Test
    void keepsASeriesTwoPatternsMatchedOnce() throws Exception {
        String twice = """
                [{"target": "a.b", "datapoints": [[1, 10]]}, {"target": "x.y", "datapoints": [[2, 10]]},
                 {"target": "a.b", "datapoints": [[1, 10]]}]""";
        assertThat(RenderJsonParser.parse(twice)).extracting(Series::name).containsExactly("a.b", "x.y");
    }

    @Test
    void keepsOddCharactersInNames() throws Exception {
        String odd = "[{\"target\": \"flink.tm.Map (1/2)#0.ütf \\\"q\\\"\", \"datapoints\": [[1.5e3, 10]]}]";
        assertThat(RenderJsonParser.parse(odd))
                .containsExactly(new Series("flink.tm.Map (1/2)#0.ütf \"q\"", List.of(new DataPoint(10, 1500))));
    }

    @Test
    void skipsFieldsItDoesNotUseWhereverTheyAre() throws Exception {
        String reordered = """
                [{"tags": {"name": "a", "nested": [1, {"x": [2]}]}, "datapoints": [[3, 10]], "step": 1, "target": "a"}]""";
        assertThat(RenderJsonParser.parse(reordered)).containsExactly(new Series("a", List.of(new DataPoint(10, 3))));
    }

    @Test
    void namesWhatTheBodyIsInstead() {
        assertThatThrownBy(() -> RenderJsonParser.parse("  \n")).hasMessage("an empty body");
        assertThatThrownBy(() -> RenderJsonParser.parse("<!DOCTYPE html><html><head><title>Graphite\n Browser</title>"))
                .hasMessage("HTML instead of JSON (title 'Graphite Browser')");
        assertThatThrownBy(() -> RenderJsonParser.parse("<html>oops</html>")).hasMessage("HTML instead of JSON");
        assertThatThrownBy(() -> RenderJsonParser.parse("[{\"target\": \"a\", \"datapoints\": [[1, 2]"))
                .isInstanceOf(MalformedRenderException.class)
                .hasMessageStartingWith("malformed JSON (Unexpected end-of-input");
        assertThatThrownBy(() -> RenderJsonParser.parse("{\"error\": \"no\"}"))
                .hasMessage("JSON that is not a list of series: '{\"error\": \"no\"}'");
        assertThatThrownBy(() -> RenderJsonParser.parse("[{\"name\": \"a\"}]"))
                .hasMessage("a series without a text \"target\" and a \"datapoints\" list: '{\"name\": \"a\"}'");
        assertThatThrownBy(() -> RenderJsonParser.parse("[{\"target\": \"a\", \"datapoints\": [[\"x\", 1]]}]"))
                .hasMessage("a datapoint that is not [value or null, seconds] in series 'a': [\"x\", 1]");
        assertThatThrownBy(() -> RenderJsonParser.parse("[{\"target\": \"a\", \"datapoints\": [[1, 2, 3]]}]"))
                .hasMessage("a datapoint that is not [value or null, seconds] in series 'a': [1, 2, 3]");
        assertThatThrownBy(() -> RenderJsonParser.parse("[{\"target\": \"a\", \"datapoints\": [[1, 2.5]]}]"))
                .hasMessage("a datapoint that is not [value or null, seconds] in series 'a': [1, 2.5]");
        assertThatThrownBy(() -> RenderJsonParser.parse("[\"a.b\"]"))
                .hasMessage("a series without a text \"target\" and a \"datapoints\" list: '\"a.b\"'");
    }
}
