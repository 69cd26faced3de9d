package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlinkThreadMapperTest {
    private static final int PID = 12541;
    private static final String JOB = Fixtures.OVERLOADED_JOB;

    @Test
    void mapsEverySubtaskThreadAndItsHelpersOfARealTaskManager() {
        List<JvmThread> threads = Fixtures.threads(PID);

        List<OperatorThread> mapped = FlinkThreadMapper.map(PID, threads, List.of(Fixtures.overloadedJob()), n -> { }, n -> { });

        String heavy0 = JOB + "/" + Fixtures.HEAVY_VERTEX + "/0";
        String heavy1 = JOB + "/" + Fixtures.HEAVY_VERTEX + "/1";
        String source = JOB + "/" + Fixtures.SOURCE_VERTEX + "/0";
        String sink = JOB + "/" + Fixtures.SINK_VERTEX + "/0";
        assertThat(mapped.stream().filter(t -> t.kind() == ThreadKind.MAIN))
                .extracting(t -> t.thread().name(), OperatorThread::operatorId)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("Source: events -> light (1/1)#0", source),
                        org.assertj.core.groups.Tuple.tuple("heavy (1/2)#0", heavy0),
                        org.assertj.core.groups.Tuple.tuple("heavy (2/2)#0", heavy1),
                        org.assertj.core.groups.Tuple.tuple("latency -> discard: Writer (1/1)#0", sink));
        assertThat(mapped).contains(
                OperatorThread.helper(Fixtures.thread(threads, "OutputFlusher for heavy (2/2)#0"), ThreadKind.SENDER, JOB, heavy1, heavy1),
                OperatorThread.helper(Fixtures.thread(threads, "OutputFlusher for Source: events -> light (1/1)#0"),
                        ThreadKind.SENDER, JOB, source, source),
                OperatorThread.helper(Fixtures.thread(threads, "System Time Trigger for heavy (1/2)#0"), ThreadKind.TIMER, JOB, heavy0, heavy0));
        assertThat(mapped).extracting(OperatorThread::queryId).containsOnly(JOB);
        assertThat(mapped).filteredOn(t -> t.operatorId() != null).hasSize(12);
        assertThat(Fixtures.thread(threads, "heavy (1/2)#0").tid()).isEqualTo(0x31c2);
    }

    @Test
    void threadsOfJobsThatDoNotRunAreLeftOut() {
        assertThat(FlinkThreadMapper.map(PID, Fixtures.threads(PID), List.of(), n -> { }, n -> { })).isEmpty();
    }

    @Test
    void aTaskNameTwoRunningJobsShareIsReportedNotGuessed() {
        FlinkJob one = Fixtures.overloadedJob();
        FlinkJob two = new FlinkJob("6c1cafdfe046a8851007cab0940b83cd", "other",
                List.of(new FlinkVertex("aaaa", "heavy", 2, List.of("heavy"), List.of())));
        List<String> ambiguous = new ArrayList<>();

        List<OperatorThread> mapped = FlinkThreadMapper.map(PID, Fixtures.threads(PID), List.of(one, two), ambiguous::add, n -> { });

        assertThat(mapped).noneMatch(t -> t.thread().name().contains("heavy ("));
        assertThat(ambiguous).hasSize(1);
        assertThat(mapped).anyMatch(t -> t.thread().name().equals("Source: events -> light (1/1)#0"));
    }

    @Test
    void nettyThreadsBelongToTheOnlyJobOfTheirJvm() {
        List<JvmThread> threads = new ArrayList<>(Fixtures.threads(PID));
        threads.add(new JvmThread(new ThreadRef(PID, 99_001), "Flink Netty Server (40125) Thread 0"));

        List<OperatorThread> mapped = FlinkThreadMapper.map(PID, threads, List.of(Fixtures.overloadedJob()), n -> { }, n -> { });

        assertThat(mapped).filteredOn(t -> t.kind() == ThreadKind.NETWORK)
                .containsExactly(OperatorThread.helper(threads.get(threads.size() - 1), ThreadKind.NETWORK, JOB, null,
                        "netty@" + PID));
    }

    @Test
    void theMetricThreadsAndTheJvmsOwnThreadsBelongToTheOnlyJobOfTheirJvm() {
        List<JvmThread> threads = Fixtures.threads(PID);

        List<OperatorThread> one = FlinkThreadMapper.map(PID, threads, List.of(Fixtures.overloadedJob()), n -> { }, n -> { });
        List<OperatorThread> none = FlinkThreadMapper.map(PID, threads, List.of(), n -> { }, n -> { });

        String worker = "worker@" + PID;
        assertThat(one).contains(
                OperatorThread.helper(Fixtures.thread(threads, "Flink-Metric-Reporter-thread-1"), ThreadKind.REPORTER, JOB,
                        null, worker),
                OperatorThread.helper(Fixtures.thread(threads, "Flink-Metric-View-Updater-thread-1"), ThreadKind.REPORTER,
                        JOB, null, worker),
                OperatorThread.helper(Fixtures.thread(threads, "VM Thread"), ThreadKind.RUNTIME, JOB, null, worker),
                OperatorThread.helper(Fixtures.thread(threads, "G1 Conc#0"), ThreadKind.RUNTIME, JOB, null, worker),
                OperatorThread.helper(Fixtures.thread(threads, "C2 CompilerThread0"), ThreadKind.RUNTIME, JOB, null, worker));
        assertThat(one).filteredOn(t -> t.operatorId() == null).extracting(OperatorThread::kind)
                .isSubsetOf(ThreadKind.REPORTER, ThreadKind.RUNTIME, ThreadKind.NETWORK);
        assertThat(one).extracting(t -> t.thread().name()).noneMatch(n -> n.contains("pekko") || n.contains("akka"));
        assertThat(none).as("a JVM running no job's subtask").isEmpty();
    }

    @Test
    void sourceOperatorThreadsBelongToTheSourceSubtaskOfTheirNameAndIndex() {
        List<JvmThread> threads = new ArrayList<>(Fixtures.fileSourceThreads(PID));
        threads.add(new JvmThread(new ThreadRef(PID, 99_002), "lachesis-source-offsets-Source: file-1"));
        String subtask1 = Fixtures.FILE_SOURCE_JOB + "/" + Fixtures.FILE_SOURCE_VERTEX + "/1";
        List<String> unmatched = new ArrayList<>();

        List<OperatorThread> mapped = FlinkThreadMapper.map(PID, threads, List.of(Fixtures.fileSourceJob()), n -> { },
                unmatched::add);

        assertThat(mapped).contains(
                OperatorThread.helper(Fixtures.thread(threads, "lachesis-source-reader-file-1"), ThreadKind.SOURCE_READER,
                        Fixtures.FILE_SOURCE_JOB, subtask1, subtask1),
                OperatorThread.helper(threads.get(threads.size() - 1), ThreadKind.OTHER, Fixtures.FILE_SOURCE_JOB, subtask1,
                        subtask1));
        assertThat(unmatched).isEmpty();
    }

    @Test
    void aSourceThreadWhoseNameOrSubtaskIsNotHereIsReported() {
        List<JvmThread> threads = new ArrayList<>(Fixtures.fileSourceThreads(PID));
        threads.add(new JvmThread(new ThreadRef(PID, 99_003), "lachesis-source-reader-sensors-0"));
        threads.add(new JvmThread(new ThreadRef(PID, 99_004), "lachesis-source-reader-file-2"));
        List<String> unmatched = new ArrayList<>();

        List<OperatorThread> mapped = FlinkThreadMapper.map(PID, threads, List.of(Fixtures.fileSourceJob()), n -> { },
                unmatched::add);

        assertThat(unmatched).containsExactly("lachesis-source-reader-sensors-0", "lachesis-source-reader-file-2");
        assertThat(mapped).noneMatch(t -> unmatched.contains(t.thread().name()));
    }

    @Test
    void aSourceReaderOfTwoJobsSubtasksInOneJvmIsReportedNotGuessed() {
        FlinkJob one = Fixtures.fileSourceJob();
        FlinkVertex otherSource = new FlinkVertex("bbbb", "Source: file", 1, List.of("Source: file"), List.of());
        FlinkJob two = new FlinkJob("6c1cafdfe046a8851007cab0940b83cd", "other", List.of(otherSource));
        List<JvmThread> threads = new ArrayList<>(Fixtures.fileSourceThreads(PID));
        threads.add(new JvmThread(new ThreadRef(PID, 99_005), "Source: file (1/1)#0"));
        List<String> ambiguous = new ArrayList<>();

        List<OperatorThread> mapped = FlinkThreadMapper.map(PID, threads, List.of(one, two), ambiguous::add, n -> { });

        // "Source: file (1/2)#0" and "Source: file (1/1)#0" tell the jobs apart; "…-reader-file-0" cannot.
        assertThat(mapped).filteredOn(t -> t.kind() == ThreadKind.SOURCE_READER).extracting(t -> t.thread().name())
                .containsExactly("lachesis-source-reader-file-1");
        assertThat(ambiguous).containsExactly("lachesis-source-reader-file-0");
    }
}
