package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.CPU_USAGE;
import static dev.lachesis.core.metric.MetricNames.EMITTED_RATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.policies.heaviest.HeaviestFirstPolicy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * HEAVIEST-FIRST fed the rounds of a run whose schedule thrashed. Recorded on Storm 2.8.3 (park wait,
 * LocalCluster on one core) with generated shape random-101 at 2,600 records/s, beyond its
 * saturation: one daemon applied DRAIN (nice) while a second ran HEAVIEST-FIRST with
 * {@code run --dry-run --rounds json} beside it; {@code heaviest/storm-random-101-under-drain.csv}
 * holds, per round and operator instance, the CPU share the daemon read from {@code /proc}
 * ({@code cpu-usage}), the nice value DRAIN applied and, for a reader, the one the dry-run
 * HEAVIEST-FIRST chose live. Under DRAIN's schedule the CPU moves from
 * operator to operator round by round, so this is the input that made the queue policies oscillate.
 * The criterion is the one the generalisation benchmark counts: after the first 20 rounds, the
 * operator ranked first may change its nice value by 10 or more in at most one round in ten.
 */
class HeaviestFirstConvergenceTest {
    private static final String RECORDING = "heaviest/storm-random-101-under-drain.csv";
    private static final List<String> LOGICAL = List.of("source", "op1", "op2", "op3", "op4", "op5", "op6", "op7", "sink");
    /** random-101's graph: RandomShape.draw(101), as the recorded topology ran it. */
    private static final String[] EDGES = {"source>op1", "source>op2", "source>op3", "op2>op3", "op3>op4", "op3>op5",
        "op4>op5", "op2>op6", "op5>op6", "op6>op7", "op1>sink", "op7>sink"};
    private static final int SETTLING_ROUNDS = 20;
    private static final int BIG_JUMP = 10;

    /** One operator instance in one recorded round. */
    private record Sample(String operator, int instance, double cpuUsage, Integer drainNice) {
        String id() {
            return operator + "-" + instance;
        }
    }

    @Test
    void theRecordedRunThrashedUnderDrain() {
        List<Map<String, Integer>> drain = recording().values().stream()
                .map(round -> round.stream().filter(s -> s.drainNice() != null)
                        .collect(Collectors.toMap(Sample::id, Sample::drainNice)))
                .toList();

        assertThat(bigJumpsOfTheTop(drain)).as("rounds in which DRAIN's top operator moved %d+ nice levels", BIG_JUMP)
                .isGreaterThan(0.4);
    }

    @Test
    void heaviestFirstFedTheSameRoundsSettlesOnTheOperatorThatTakesTheMostCpu() {
        HeaviestFirstPolicy policy = new HeaviestFirstPolicy("hf",
                new HeaviestFirstPolicy.Settings(null, null, null, null, null, null, false, null, null, null));
        List<Map<String, Integer>> nice = new ArrayList<>();
        List<List<Sample>> rounds = List.copyOf(recording().values());
        for (int second = 0; second < rounds.size(); second++) {
            TestSpe spe = spe(rounds.get(second));
            Schedule schedule = policy.schedule(new PolicyInput(TestSpe.NOW.plusSeconds(second), List.of(spe.round(policy))));
            nice.add(niceOfOperators(schedule));
        }

        assertThat(bigJumpsOfTheTop(nice)).as("rounds in which the top operator moved %d+ nice levels", BIG_JUMP)
                .isLessThanOrEqualTo(0.1);
        List<Map<String, Integer>> lastHalf = nice.subList(nice.size() / 2, nice.size());
        assertThat(lastHalf.stream().map(HeaviestFirstConvergenceTest::favoured).distinct())
                .as("the operators at nice -20 over the last half").containsExactly(Set.of(heaviest(rounds.subList(
                        rounds.size() / 2, rounds.size()))));
    }

    /** The share of the rounds after the settling ones in which the first-ranked thread moved by a big jump. */
    private static double bigJumpsOfTheTop(List<Map<String, Integer>> niceByRound) {
        int compared = 0;
        int jumps = 0;
        for (int i = SETTLING_ROUNDS + 1; i < niceByRound.size(); i++) {
            Map<String, Integer> now = niceByRound.get(i);
            Map<String, Integer> before = niceByRound.get(i - 1);
            String top = now.entrySet().stream().min(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
            if (top != null && before.containsKey(top)) {
                compared++;
                if (Math.abs(now.get(top) - before.get(top)) >= BIG_JUMP) {
                    jumps++;
                }
            }
        }
        assertThat(compared).as("rounds compared").isGreaterThan(100);
        return (double) jumps / compared;
    }

    /** The logical operators whose instances are all at the highest level (nice -20). */
    private static Set<String> favoured(Map<String, Integer> nice) {
        return nice.entrySet().stream().filter(e -> e.getValue() == -20).map(e -> e.getKey().substring(0,
                e.getKey().lastIndexOf('-'))).collect(Collectors.toSet());
    }

    /** The logical operator whose instances took the most CPU over {@code rounds}. */
    private static String heaviest(List<List<Sample>> rounds) {
        Map<String, Double> cpu = new HashMap<>();
        rounds.forEach(round -> round.forEach(s -> cpu.merge(s.operator(), s.cpuUsage(), Double::sum)));
        return cpu.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    /** The nice value the nice translator gives each operator instance's main thread: -20 at priority 1. */
    private static Map<String, Integer> niceOfOperators(Schedule schedule) {
        Map<String, Integer> nice = new TreeMap<>();
        schedule.threads().forEach(tp -> nice.put(tp.thread().operatorId(), (int) Math.round(-20 * tp.priority())));
        return nice;
    }

    private static TestSpe spe(List<Sample> round) {
        TestSpe spe = new TestSpe().query("q", LOGICAL, EDGES);
        Map<String, Long> parallelism = round.stream().collect(Collectors.groupingBy(Sample::operator, Collectors.counting()));
        round.stream().sorted(Comparator.comparing(Sample::id)).forEach(s -> spe
                .replica(s.id(), "q", s.operator(), s.instance(), parallelism.get(s.operator()).intValue())
                .main(s.id())
                .metric(CPU_USAGE, s.id(), s.cpuUsage()));
        return spe.metric(EMITTED_RATE, "source-0", 850);
    }

    /** The recorded rounds, by round number, each with its operator instances. */
    private static TreeMap<Integer, List<Sample>> recording() {
        TreeMap<Integer, List<Sample>> rounds = new TreeMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                HeaviestFirstConvergenceTest.class.getClassLoader().getResourceAsStream(RECORDING), RECORDING),
                StandardCharsets.UTF_8))) {
            in.readLine();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split(",", -1);
                rounds.computeIfAbsent(Integer.valueOf(f[0]), k -> new ArrayList<>()).add(new Sample(f[1],
                        Integer.parseInt(f[2]), Double.parseDouble(f[3]), f[4].isEmpty() ? null : Integer.valueOf(f[4])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rounds;
    }
}
