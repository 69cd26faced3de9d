package dev.lachesis.experiments.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.run.ThreadSched;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class LiveTableTest {
    private static final long PID = ProcessHandle.current().pid();
    /** Two threads of a round as {@code lachesis run --rounds json} prints them, living in this JVM. */
    private static final String ROUND = """
            {"startedAt":"2026-11-23T10:15:30Z","durationMs":2.5,"outcome":"OK","threads":[{"spe":"storm","pid":%1$d,"tid":%1$d,"thread":"flush-tuple-timer","query":"q-1","operator":null,\
            "instance":null,"kind":"timer","policy":"mod-rt","translator":"rt","mechanism":"rr","group":null,\
            "metrics":{"rt-floor":0.0},"priority":0.0,"value":1},\
            {"spe":"storm","pid":%1$d,"tid":%1$d,"thread":"Thread-42-heavy-executor[3, 3]","query":"q-1",\
            "operator":"q-1/heavy/3-3","instance":1,"kind":"main","policy":"mod-rt","translator":"rt",\
            "mechanism":"rr","group":null,"metrics":{"queue-size":2380.0},"priority":2380.0,"value":99}]}"""
            .formatted(PID);

    /** A round that ranked no thread. */
    private static final String EMPTY = """
            {"startedAt":"2026-11-23T10:15:31Z","durationMs":1.0,"outcome":"FAILED","threads":[]}""";

    private static String print(String latest, String ranked, boolean applies) {
        StringWriter text = new StringWriter();
        LiveTable.print(new PrintWriter(text, true), latest, ranked, applies);
        return text.toString();
    }

    @Test
    void showsOperatorThreadsFirstWithTheirQueueWhatWasSetAndWhatProcSays() {
        String table = print(ROUND, ROUND, true);

        String[] lines = table.split("\n");
        assertThat(lines[0]).contains("OPERATOR", "QUEUE", "PRIORITY", "SET", "APPLIED");
        String procSays = ThreadSched.of(PID, PID).orElseThrow().label(); // nice 0, or 19 under nice -n 19
        assertThat(lines[1]).contains("heavy/3-3 ", "Thread-42-heavy-executor[3, 3]", "2380 in", "rr 99", procSays)
                .doesNotContain("q-1/");
        assertThat(lines[2]).contains("flush-tuple-timer", "timer", "0 rt-floor", "rr 1");
    }

    /** A Flink subtask, whose id is the job vertex's hash: the table shows the operator's name instead. */
    @Test
    void namesAFlinkOperatorByItsNameNotItsId() {
        String flink = """
                {"startedAt":"2026-11-23T10:15:30Z","durationMs":2.5,"outcome":"OK","threads":[{"spe":"flink",\
                "pid":%1$d,"tid":%1$d,"thread":"join (1/1)#0","query":"efe9","operator":"46f8730428df/0",\
                "queryName":"lachesis-etl","operatorName":"join","instance":0,"kind":"main","policy":"mod-rt",\
                "translator":"rt","mechanism":"rr","group":null,"metrics":{"queue-size":101.0},"priority":101.0,\
                "value":28}]}""".formatted(PID);

        String row = print(flink, flink, true).split("\n")[1];

        assertThat(row).startsWith("  join/0 ").contains("join (1/1)#0", "101 in", "rr 28").doesNotContain("46f87");
    }

    @Test
    void aRoundThatListsNoThreadShowsTheLastThatDid() {
        assertThat(print(EMPTY, ROUND, true)).contains("last round applied nothing", "heavy/3-3");
        assertThat(print(EMPTY, null, false)).contains("last round ranked no thread").doesNotContain("OPERATOR");
        assertThat(print(null, null, false)).contains("no scheduling round yet");
        assertThat(print(ROUND, ROUND, false)).contains("(plans only)");
    }
}
