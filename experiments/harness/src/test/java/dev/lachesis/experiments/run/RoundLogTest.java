package dev.lachesis.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoundLogTest {
    private static final String JOB = "0b3e1a6f0cb5b3b1d5e3a0c1f2d4e6a8";

    /** A thread of a round as {@code lachesis run --rounds json} prints it. */
    private static String thread(long tid, String name, String operator, String kind, double queue, long value) {
        return """
                {"spe":"flink","pid":4242,"tid":%d,"thread":"%s","query":"%s","operator":%s,"instance":0,"kind":"%s",\
                "policy":"observer","translator":"nice","mechanism":"nice","group":null,\
                "metrics":{"queue-size":%s},"priority":%s,"value":%d}""".formatted(tid, name, JOB,
                operator == null ? "null" : "\"" + operator + "\"", kind, queue, queue, value);
    }

    private static String round(String startedAt, String... threads) {
        return "{\"startedAt\":\"" + startedAt + "\",\"durationMs\":3.0,\"outcome\":\"OK\",\"threads\":["
                + String.join(",", threads) + "]}";
    }

    @Test
    void namesFlinkOperatorsByTheirTaskThreadsAndStormOnesByTheirComponentAndKeepsTheirThreads() {
        List<String> other = new ArrayList<>();
        RoundLog log = new RoundLog(other::add);
        log.accept("lachesis run: starting");
        log.accept(round("2026-11-26T10:00:00Z",
                thread(101, "Source: source (1/1)#0", JOB + "/bc764cd8/0", "main", 120, -20),
                thread(102, "heavy (1/2)#0", JOB + "/ddb598ad/0", "main", 4000, -10),
                thread(103, "heavy (2/2)#0", JOB + "/ddb598ad/1", "main", 2000, 0),
                thread(104, "OutputFlusher for heavy", JOB + "/ddb598ad/0", "other", 3, 0),
                thread(105, "Thread-45-interpolation-executor[4, 4]", "etl-1-17956/interpolation/4-4", "main", 32000, 0),
                thread(106, "Flink Netty Server", null, "network", 0, 0)));

        List<RoundLog.Round> rounds = log.between(0, Long.MAX_VALUE);

        assertThat(other).containsExactly("lachesis run: starting");
        assertThat(rounds).hasSize(1);
        assertThat(rounds.get(0).operators()).extracting(RoundLog.OperatorThread::operator)
                .containsExactly("Source: source", "heavy", "heavy", "interpolation");
        assertThat(RoundLog.mainThreads(rounds)).isEqualTo(Map.of("Source: source", Set.of(101L),
                "heavy", Set.of(102L, 103L), "interpolation", Set.of(105L)));
        assertThat(RoundLog.meanPerOperator(rounds, RoundLog.OperatorThread::queue))
                .containsEntry("heavy", 3000.0).containsEntry("Source: source", 120.0);
    }

    @Test
    void aThreadsOwnPrioritiesLeaveOutTheShareOfItsQueryGroup() {
        RoundLog log = new RoundLog(line -> { });
        String niced = thread(101, "Source: source (1/1)#0", JOB + "/bc764cd8/0", "main", 120, -20);
        log.accept(round("2026-11-26T10:00:00Z", niced));
        log.accept(round("2026-11-26T10:00:01Z", niced.replace("\"mechanism\":\"nice\"", "\"mechanism\":\"cpu.shares\"")
                .replace("\"value\":-20", "\"value\":1024")));

        List<RoundLog.Round> own = log.between(0, Long.MAX_VALUE).stream().map(RoundLog.Round::threadPriorities).toList();

        assertThat(RoundLog.meanPerOperator(own, RoundLog.OperatorThread::value)).isEqualTo(Map.of("Source: source", -20.0));
        assertThat(own.get(1).operators()).isEmpty();
    }

    @Test
    void underADaemonOfSeveralSpesOperatorsOfTheSameNameStayApartByTheirSpe() {
        RoundLog log = new RoundLog(line -> { }, true);
        String flinkParse = thread(101, "parse (1/1)#0", JOB + "/bc764cd8/0", "main", 120, -20);
        String stormParse = thread(201, "Thread-44-parse-executor[6, 6]", "sweep-etl-1-17956/parse/6-6", "main", 900, 5)
                .replace("\"spe\":\"flink\"", "\"spe\":\"storm\"");
        log.accept(round("2026-11-26T10:00:00Z", flinkParse, stormParse));

        List<RoundLog.Round> rounds = log.between(0, Long.MAX_VALUE);

        assertThat(RoundLog.mainThreads(rounds)).isEqualTo(Map.of("flink:parse", Set.of(101L), "storm:parse", Set.of(201L)));
        assertThat(RoundLog.meanPerOperator(rounds, RoundLog.OperatorThread::queue))
                .isEqualTo(Map.of("flink:parse", 120.0, "storm:parse", 900.0));
    }

    @Test
    void aThreadNameThatOnlyLooksLikeAFlinkTaskKeepsItsComponent() {
        assertThat(RoundLog.operatorName("etl-1-1795436622/parse/3-3", "Thread-44-parse-executor[6, 6]"))
                .isEqualTo("parse");
        assertThat(RoundLog.operatorName(JOB + "/ddb598ad/0", "Source: events -> light (1/1)#3"))
                .isEqualTo("Source: events -> light");
        assertThat(RoundLog.operatorName(JOB + "/ddb598ad/0", "heavy (1/2)")).isEqualTo("ddb598ad");
    }
}
