package dev.lachesis.experiments.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.run.CpuList;

import dev.lachesis.translators.realtime.RealTimeTranslatorFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code bin/lachesis demo} as a user runs it, on Storm and on Flink, shortened (30 s per half at a
 * rate the query keeps up with): it must print the comparison with numbers for both halves, show the
 * second half's priorities applied (SCHED_RR on Flink, nice values on Storm 2, whose executors poll),
 * and leave nothing changed — every process it started gone, its journal and cgroup root absent. Needs the modules built ({@code mvn -pl experiments/harness -am verify} packages them before
 * this runs), root and two CPUs.
 */
class DemoIT {
    private static final Logger LOG = LoggerFactory.getLogger(DemoIT.class);
    private static final Pattern NUMBER = Pattern.compile("\\d+(\\.\\d+)?");

    /** The demo is a subcommand of the daemon's command line where the harness is built. */
    @Test
    void lachesisHelpListsTheDemo() throws Exception {
        Path lachesis = LachesisHome.root().toAbsolutePath().normalize().resolve("bin/lachesis");
        Process help = new ProcessBuilder(lachesis.toString(), "--help").redirectErrorStream(true).start();
        String out = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(help.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(help.exitValue()).as(out).isZero();
        assertThat(out.lines().map(String::strip)).as(out).anySatisfy(line -> assertThat(line).startsWith("demo "));
    }

    @ParameterizedTest
    @CsvSource({"storm, Storm, false", "flink, Flink, true"})
    void comparesBothHalvesAndLeavesNothingChanged(String spe, String speName, boolean realTime) throws Exception {
        assumeTrue(CpuList.online().size() >= 2, "the demo needs two CPUs");
        RealTimeTranslatorFactory rt = new RealTimeTranslatorFactory();
        assumeTrue(rt.isAvailable(), rt::description);
        Path root = LachesisHome.root().toAbsolutePath().normalize();
        Path lachesis = root.resolve("bin/lachesis");

        // A 12-s warm-up (the demo's default is 15 s): under real time the first seconds go to the JIT
        // compilers at the query's highest priority, which a user's first look also leaves out.
        Process demo = new ProcessBuilder(lachesis.toString(), "demo", "--spe", spe, "--rate", "200", "--phase", "30s",
                "--warm-up", "12s", "--table-every", "5s").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out;
        try {
            out = new String(demo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(demo.waitFor(180, TimeUnit.SECONDS)).isTrue();
        } finally {
            demo.destroy();
            demo.waitFor(30, TimeUnit.SECONDS);
        }
        LOG.info("lachesis demo printed:\n{}", out);

        assertThat(demo.exitValue()).as(out).isZero();
        String result = out.substring(out.indexOf("Result"));
        assertThat(result).contains("OS", "LACHESIS-MOD-RT");
        for (String metric : List.of("throughput (tuples/s)", "latency mean (ms)", "latency p99 (ms)",
                "end-to-end latency mean (ms)", "end-to-end latency p50 (ms)", "end-to-end latency p99 (ms)")) {
            List<Double> values = numbersOn(result, metric);
            assertThat(values).as(metric).hasSizeGreaterThanOrEqualTo(2);
            // Times are in whole milliseconds at source and sink, so a latency median may be 0.
            assertThat(values.subList(0, 2)).as(metric).allSatisfy(v -> assertThat(v).isNotNegative());
        }
        assertThat(numbersOn(result, "throughput (tuples/s)").subList(0, 2))
                .allSatisfy(v -> assertThat(v).isBetween(100.0, 300.0));

        assertThat(out).containsPattern("OS ends: the daemon ran [1-9]\\d* rounds \\(planning only\\); 0 " + speName
                + " threads run real-time now");
        // ETL's ten operators (and on Storm its timers) the policy ranks: in real time on Flink; as nice values on
        // Storm 2, whose executors poll their queues (the rt translator's default for such an SPE).
        String applied = realTime ? "([5-9]|\\d\\d) " + speName + " threads run real-time now \\(RT priorities \\d+-\\d+\\)"
                : "0 " + speName + " threads run real-time now, ([5-9]|\\d\\d) at a nice value other than 0";
        assertThat(out).containsPattern("LACHESIS-MOD-RT ends: the daemon ran [1-9]\\d* rounds; " + applied);
        assertThat(out).contains("Restored: every thread");
        assertThat(out.split("every " + speName + " thread has its original policy, priority and nice value again", -1))
                .hasSize(3);

        for (String pid : matches(out, "PID (\\d+)")) {
            assertThat(ProcessHandle.of(Long.parseLong(pid)).filter(ProcessHandle::isAlive)).as("PID " + pid).isEmpty();
        }
        String journal = matches(out, "journal (\\S+) gone").get(0);
        assertThat(Path.of(journal)).doesNotExist();
        assertThat(Path.of(journal).getParent()).doesNotExist();
        String cgroup = matches(out, "no cgroup (\\S+) left").get(0);
        assertThat(Path.of("/sys/fs/cgroup/cpu", cgroup)).doesNotExist();
        assertThat(Path.of("/sys/fs/cgroup", cgroup)).doesNotExist();
    }

    /** The numbers on the line that starts with {@code label}. */
    private static List<Double> numbersOn(String text, String label) {
        for (String line : text.split("\n")) {
            if (line.trim().startsWith(label)) {
                List<Double> numbers = new ArrayList<>();
                Matcher m = NUMBER.matcher(line.substring(line.indexOf(label) + label.length()));
                while (m.find()) {
                    numbers.add(Double.parseDouble(m.group()));
                }
                return numbers;
            }
        }
        throw new AssertionError("no line starting with '" + label + "' in\n" + text);
    }

    private static List<String> matches(String text, String regex) {
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        assertThat(found).as(regex).isNotEmpty();
        return found;
    }
}
