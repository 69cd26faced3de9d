package dev.lachesis.core.metricsource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GraphiteGlobTest {
    private static boolean matches(String pattern, String name) {
        return GraphiteGlob.compile(pattern).matches(name);
    }

    @Test
    void starMatchesWithinOneNodeOnly() {
        assertThat(matches("a.*.c", "a.b.c")).isTrue();
        assertThat(matches("a.*.c", "a.b.c.d")).isFalse();
        assertThat(matches("a.*.c", "a.b.x.c")).isFalse();
        assertThat(matches("a.*", "a.b.c")).isFalse();
        assertThat(matches("a.b*", "a.b")).isTrue();
        assertThat(matches("a.b*", "a.bcd")).isTrue();
        assertThat(matches("a.*x*", "a.yxz")).isTrue();
        assertThat(matches("*", "a")).isTrue();
        assertThat(matches("*", "a.b")).isFalse();
    }

    @Test
    void bracesAreAlternativesThatMayHoldWildcards() {
        assertThat(matches("x.{y,z}.*", "x.y.1")).isTrue();
        assertThat(matches("x.{y,z}.*", "x.z.2")).isTrue();
        assertThat(matches("x.{y,z}.*", "x.w.1")).isFalse();
        assertThat(matches("x.{y,z}.*", "x.yz.1")).isFalse();
        assertThat(matches("s.{split*,count}", "s.split-2")).isTrue();
        assertThat(matches("s.{split*,count}", "s.count")).isTrue();
        assertThat(matches("s.{split*,count}", "s.counter")).isFalse();
        assertThat(matches("s.pre{a,b}post", "s.prebpost")).isTrue();
    }

    @Test
    void characterClassesAndRanges() {
        assertThat(matches("w.[0-9]", "w.7")).isTrue();
        assertThat(matches("w.[0-9]", "w.17")).isFalse();
        assertThat(matches("w.[0-9]*", "w.17")).isTrue();
        assertThat(matches("w.[a-z]x", "w.qx")).isTrue();
        assertThat(matches("w.[a-z]x", "w.Qx")).isFalse();
        assertThat(matches("w.[!0-9]", "w.a")).isTrue();
        assertThat(matches("w.[!0-9]", "w.5")).isFalse();
        assertThat(matches("w.[-_]", "w.-")).isTrue();
        assertThat(matches("w.?b", "w.ab")).isTrue();
        assertThat(matches("w.?b", "w.b")).isFalse();
    }

    @Test
    void otherCharactersAreLiteral() {
        String flink = "flink.tm.Map (1/2)#0.numRecordsIn";
        assertThat(matches(flink, flink)).isTrue();
        assertThat(matches("flink.tm.Map (1/2)#0.*", flink)).isTrue();
        assertThat(matches("flink.tm.Map (1/2)#0.*", "flink.tm.Map 1/2#0.numRecordsIn")).isFalse();
        assertThat(matches("a+b.c$", "a+b.c$")).isTrue();
        assertThat(matches("a+b.c$", "aab.c")).isFalse();
        assertThat(matches("a\\d.x", "a\\d.x")).isTrue();
        assertThat(matches("a\\d.x", "a5.x")).isFalse();
        assertThat(matches("storm.worker.topo-1.host.split.3.6700-receive-queue-population",
                "storm.worker.topo-1.host.split.3.6700-receive-queue-population")).isTrue();
    }

    @Test
    void literalPatternsAreRecognised() {
        assertThat(GraphiteGlob.compile("a.b-c.d (1)").isLiteral()).isTrue();
        assertThat(GraphiteGlob.compile("a.b*").isLiteral()).isFalse();
        assertThat(GraphiteGlob.compile("a.{b,c}").isLiteral()).isFalse();
        assertThat(GraphiteGlob.compile("a.[bc]").nodeCount()).isEqualTo(2);
    }

    @Test
    void matchesSingleNodesForFind() {
        GraphiteGlob glob = GraphiteGlob.compile("a.{b,c}");
        assertThat(glob.matchesNode(0, "a")).isTrue();
        assertThat(glob.matchesNode(1, "c")).isTrue();
        assertThat(glob.matchesNode(1, "d")).isFalse();
    }

    @Test
    void rejectsBrokenPatternsNamingThem() {
        assertThatThrownBy(() -> GraphiteGlob.compile("a.[0-9"))
                .hasMessage("series pattern 'a.[0-9' has an unclosed '['");
        assertThatThrownBy(() -> GraphiteGlob.compile("a.{b,c"))
                .hasMessage("series pattern 'a.{b,c' has an unclosed '{'");
        assertThatThrownBy(() -> GraphiteGlob.compile("a..b")).hasMessage("series pattern 'a..b' has an empty node");
        assertThatThrownBy(() -> GraphiteGlob.compile("")).hasMessage("empty series pattern");
    }

    @Test
    void theLiteralPrefixEndsAtTheFirstWildcard() {
        assertThat(GraphiteGlob.compile("storm.worker.*.queue").literalPrefix()).isEqualTo("storm.worker.");
        assertThat(GraphiteGlob.compile("flink.j1.{a,b}.count").literalPrefix()).isEqualTo("flink.j1.");
        assertThat(GraphiteGlob.compile("w.[0-9]").literalPrefix()).isEqualTo("w.");
        assertThat(GraphiteGlob.compile("fl?nk.x").literalPrefix()).isEqualTo("fl");
        assertThat(GraphiteGlob.compile("*.queue").literalPrefix()).isEmpty();
        assertThat(GraphiteGlob.compile("Source: src (1-1).queue").literalPrefix()).isEqualTo("Source: src (1-1).queue");
    }
}
