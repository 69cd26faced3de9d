package dev.lachesis.translators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.translators.realtime.RealTimeSettings;
import dev.lachesis.translators.realtime.RealTimeTranslator;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.journal.RestoreJournal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The policies' worked examples (issue 13) carried through the translators: the raw priorities below
 * are copied from the policy tests of {@code lachesis-policies} (this module may not depend on it),
 * and every expected OS value was computed by hand from the 2021 paper's §5.3 definitions:
 * <ul>
 *   <li>linear: {@code f = (x − min) / (max − min)}, value = lowest + f × (highest − lowest);</li>
 *   <li>log: the same on {@code ln x};</li>
 *   <li>nice-ratio: {@code F(x) = −20 + (ln p_max − ln x) / ln 1.25}, min-max on logarithms instead
 *       when the spread exceeds the 39 levels of [-20, 19] (none of these examples does);</li>
 *   <li>proportional (cgroup): {@code highest × x / p_max}, at least lowest.</li>
 * </ul>
 * Values are rounded to the nearest step of the range; exactly halfway goes to the more important
 * value (see {@code IntRange}). Ranges are the translators' defaults: nice 19 (least) … -20 (most),
 * RT 1 … 99, cpu.shares 10 … 1024, cpu.weight 1 … 100. Only {@code plan(...)} runs: no thread changes.
 */
class WorkedExampleNormalisationTest {
    private static final int PID = 100;

    @TempDir
    Path tmp;
    private final RecordingKernel kernel = new RecordingKernel();
    private final List<Translator> opened = new ArrayList<>();

    @AfterEach
    void closeTranslators() {
        opened.forEach(Translator::close);
    }

    /**
     * QS on the chain S → A → B → K: input queues, the source assumed 1 (QueueSizePolicyTest
     * chainThreadsGetTheirOperatorsInputQueueAndTheSourceAQueueOfOne, main threads).
     */
    @Test
    void queueSizeChain() throws Exception {
        double[] raw = {1, 40, 10, 30}; // S, A, B, K
        // linear nice: f = (x − 1) / 39, nice = 19 − 39 f = 20 − x: 19, −20, 10, −10
        assertThat(nice("{}", raw)).containsExactly(19L, -20L, 10L, -10L);
        // log nice: f(B) = ln 10 / ln 40 = 2.3026 / 3.6889 = 0.6242, 19 − 39 × 0.6242 = −5.34 → −5;
        //           f(K) = ln 30 / ln 40 = 0.9220, 19 − 35.96 = −16.96 → −17
        assertThat(nice("{normaliser: log}", raw)).containsExactly(19L, -20L, -5L, -17L);
        // nice-ratio: spread ln 40 / ln 1.25 = 16.53 levels, fits; S: −20 + 16.53 = −3.47 → −3;
        //             B: −20 + ln 4 / ln 1.25 = −20 + 6.21 = −13.79 → −14; K: −20 + ln(4/3) / ln 1.25 = −18.71 → −19
        assertThat(nice("{normaliser: nice-ratio}", raw)).containsExactly(-3L, -20L, -14L, -19L);
        // linear RT: 1 + 98 f: B 1 + 98 × 9/39 = 23.62 → 24; K 1 + 98 × 29/39 = 73.87 → 74
        assertThat(rt("{}", raw)).containsExactly(1L, 99L, 24L, 74L);
        // log RT: B 1 + 98 × 0.6242 = 62.17 → 62; K 1 + 98 × 0.9220 = 91.36 → 91
        assertThat(rt("{normaliser: log}", raw)).containsExactly(1L, 99L, 62L, 91L);
    }

    /** QS on the diamond S → {A, B} → K (QueueSizePolicyTest diamondPrioritiesAndGoal). */
    @Test
    void queueSizeDiamond() throws Exception {
        double[] raw = {1, 50, 5, 20}; // S, A, B, K
        // linear nice: 19 − 39 (x − 1) / 49: B 19 − 3.18 = 15.82 → 16; K 19 − 15.12 = 3.88 → 4
        assertThat(nice("{}", raw)).containsExactly(19L, -20L, 16L, 4L);
        // log nice: f(B) = ln 5 / ln 50 = 0.4114 → 19 − 16.04 = 2.96 → 3; f(K) = ln 20 / ln 50 = 0.7658 → −10.87 → −11
        assertThat(nice("{normaliser: log}", raw)).containsExactly(19L, -20L, 3L, -11L);
        // nice-ratio: S −20 + ln 50 / ln 1.25 = −20 + 17.53 = −2.47 → −2; B −20 + 10.32 → −10; K −20 + ln 2.5 / ln 1.25 = −15.89 → −16
        assertThat(nice("{normaliser: nice-ratio}", raw)).containsExactly(-2L, -20L, -10L, -16L);
        // linear RT: 1 + 98 (x − 1) / 49 = 2x − 1: exactly 9 and 39
        assertThat(rt("{}", raw)).containsExactly(1L, 99L, 9L, 39L);
        assertThat(rt("{normaliser: log}", raw)).containsExactly(1L, 99L, 41L, 76L);
    }

    /** HR on the chain: global output rates (HighestRatePolicyTest chainRatesArePathSelectivityOverPathCost). */
    @Test
    void highestRateChain() throws Exception {
        double[] raw = {0.625, 1 / 1.5, 2, 4}; // S, A, B, K
        // linear nice: A 19 − 39 × (2/3 − 0.625) / 3.375 = 19 − 0.48 = 18.52 → 19 (less than half a step)
        assertThat(nice("{}", raw)).containsExactly(19L, 19L, 3L, -20L);
        // log nice: ln(4 / 0.625) = ln 6.4 = 1.8563; f(A) = ln(1.0667) / 1.8563 = 0.0348 → 19 − 1.36 = 17.64 → 18;
        //           f(B) = ln 3.2 / 1.8563 = 0.6266 → 19 − 24.44 = −5.44 → −5
        assertThat(nice("{normaliser: log}", raw)).containsExactly(19L, 18L, -5L, -20L);
        // nice-ratio: spread ln 6.4 / ln 1.25 = 8.32 levels: S −11.68 → −12, A −20 + ln 6 / ln 1.25 = −11.97 → −12,
        //             B −20 + ln 2 / ln 1.25 = −16.89 → −17
        assertThat(nice("{normaliser: nice-ratio}", raw)).containsExactly(-12L, -12L, -17L, -20L);
        assertThat(rt("{}", raw)).containsExactly(1L, 2L, 41L, 99L);
        assertThat(rt("{normaliser: log}", raw)).containsExactly(1L, 4L, 62L, 99L);
    }

    /** HR on the diamond (HighestRatePolicyTest diamondRates). */
    @Test
    void highestRateDiamond() throws Exception {
        double[] raw = {1.6 / 1.67, 0.2 / 2.04, 3 / 1.1, 5}; // S 0.9581, A 0.0980, B 2.7273, K 5
        assertThat(nice("{}", raw)).containsExactly(12L, 19L, -2L, -20L);
        // log nice: ln(5 / 0.0980) = ln 51 = 3.9318; f(S) = ln(0.9581 / 0.0980) / 3.9318 = 0.5798 → 19 − 22.61 = −3.61 → −4
        assertThat(nice("{normaliser: log}", raw)).containsExactly(-4L, 19L, -14L, -20L);
        // nice-ratio: spread 3.9318 / 0.2231 = 17.62 levels; S −20 + ln(5 / 0.9581) / ln 1.25 = −12.60 → −13
        assertThat(nice("{normaliser: nice-ratio}", raw)).containsExactly(-13L, -2L, -17L, -20L);
        assertThat(rt("{}", raw)).containsExactly(18L, 1L, 54L, 99L);
        assertThat(rt("{normaliser: log}", raw)).containsExactly(58L, 1L, 84L, 99L);
    }

    /**
     * FCFS on the chain: head ages in ms, the source has none (FirstComeFirstServePolicyTest
     * chainThreadsGetTheirOperatorsHeadAgeAndTheGoalIsTheMaximum).
     */
    @Test
    void firstComeFirstServeChain() throws Exception {
        double[] raw = {40, 20, 30}; // A, B, K
        // linear nice: K is halfway, 19.5 of 39 steps from 19: the more important −1 (rounding the value −0.5 up would give 0)
        assertThat(nice("{}", raw)).containsExactly(-20L, 19L, -1L);
        // log nice: f(K) = ln 1.5 / ln 2 = 0.5850 → 19 − 22.81 = −3.81 → −4
        assertThat(nice("{normaliser: log}", raw)).containsExactly(-20L, 19L, -4L);
        // nice-ratio: B −20 + ln 2 / ln 1.25 = −16.89 → −17; K −20 + ln(4/3) / ln 1.25 = −18.71 → −19
        assertThat(nice("{normaliser: nice-ratio}", raw)).containsExactly(-20L, -17L, -19L);
        // linear RT: K exactly 1 + 98 / 2 = 50
        assertThat(rt("{}", raw)).containsExactly(99L, 1L, 50L);
        // log RT: 1 + 98 × 0.5850 = 58.33 → 58
        assertThat(rt("{normaliser: log}", raw)).containsExactly(99L, 1L, 58L);
    }

    /** FCFS on the diamond (FirstComeFirstServePolicyTest diamond). */
    @Test
    void firstComeFirstServeDiamond() throws Exception {
        double[] raw = {50, 5, 6.25}; // A, B, K
        // linear nice: K 19 − 39 × 1.25 / 45 = 17.92 → 18
        assertThat(nice("{}", raw)).containsExactly(-20L, 19L, 18L);
        assertThat(nice("{normaliser: log}", raw)).containsExactly(-20L, 19L, 15L);
        // nice-ratio: B −20 + ln 10 / ln 1.25 = −9.68 → −10; K is one level of 1.25 above B: −10.68 → −11
        assertThat(nice("{normaliser: nice-ratio}", raw)).containsExactly(-20L, -10L, -11L);
        assertThat(rt("{}", raw)).containsExactly(99L, 1L, 4L);
        assertThat(rt("{normaliser: log}", raw)).containsExactly(99L, 1L, 10L);
    }

    /**
     * query-groups: one group per query with its configured priority, 8, 2 (the default) and 0.5
     * (QueryGroupsPolicyTest eachQueryGetsItsOwnGroupWithTheConfiguredPriority).
     */
    @Test
    void queryGroupsShares() throws Exception {
        double[] raw = {8, 2, 0.5};
        // proportional (the default): 1024 × 8/8, × 2/8, × 0.5/8 = 1024, 256, 64: CPU split 8 : 2 : 0.5
        assertThat(cgroup(CgroupVersion.V1, "{}", raw)).containsExactly(1024L, 256L, 64L);
        // linear: f(2) = 1.5 / 7.5 = 0.2 → 10 + 0.2 × 1014 = 212.8 → 213
        assertThat(cgroup(CgroupVersion.V1, "{normaliser: linear}", raw)).containsExactly(1024L, 213L, 10L);
        // log: f(2) = (ln 2 − ln 0.5) / (ln 8 − ln 0.5) = 2 ln 2 / 4 ln 2 = 0.5 → 10 + 507 = 517
        assertThat(cgroup(CgroupVersion.V1, "{normaliser: log}", raw)).containsExactly(1024L, 517L, 10L);
        // v2 proportional: 100 × 2/8 = 25, 100 × 0.5/8 = 6.25 → 6
        assertThat(cgroup(CgroupVersion.V2, "{}", raw)).containsExactly(100L, 25L, 6L);
        // v2 linear: 1 + 0.2 × 99 = 20.8 → 21. (v2 log lands on 50.5 exactly, a tie decided by the
        // last bit of a logarithm, so it is not asserted here.)
        assertThat(cgroup(CgroupVersion.V2, "{normaliser: linear}", raw)).containsExactly(100L, 21L, 1L);
    }

    /** The nice values {@code nice} plans for threads 1, 2, ... with these raw priorities. */
    private List<Long> nice(String settings, double... raw) throws Exception {
        NiceTranslator t = new NiceTranslator("nice", NiceSettings.bind(ConfigNode.ofYaml("s", settings)), kernel,
                new FakeProc(tmp.resolve("proc")).procFs, null, journal());
        opened.add(t);
        return values(t.plan(Schedules.single(PID, tidsAnd(raw))).threads());
    }

    /** The RT priorities the {@code rt} translator plans (its watchdog off: it plays no part in planning). */
    private List<Long> rt(String settings, double... raw) throws Exception {
        String yaml = settings.replace("}", (settings.equals("{}") ? "" : ", ") + "watchdog: {enabled: false}}");
        RealTimeTranslator t = new RealTimeTranslator("rt", RealTimeSettings.bind(ConfigNode.ofYaml("s", yaml)), kernel,
                new FakeProc(tmp.resolve("proc")).procFs, new CgroupHierarchy(CgroupVersion.V1, tmp.resolve("cpu")),
                journal(), CgroupSettings.bind(ConfigNode.empty("cgroups")));
        opened.add(t);
        return values(t.plan(Schedules.single(PID, tidsAnd(raw))).threads());
    }

    /** The weights the {@code cgroup} translator plans for groups g0, g1, ... of one thread each. */
    private List<Long> cgroup(CgroupVersion version, String settings, double... raw) throws Exception {
        CgroupTranslator t = new CgroupTranslator("cgroup", CgroupTranslatorSettings.bind(ConfigNode.ofYaml("s", settings),
                version), CgroupSettings.bind(ConfigNode.empty("cgroups")), kernel, new FakeProc(tmp.resolve("proc")).procFs,
                new CgroupHierarchy(version, tmp.resolve("cpu")), journal());
        opened.add(t);
        ScheduleGroup[] groups = new ScheduleGroup[raw.length];
        for (int i = 0; i < raw.length; i++) {
            groups[i] = Schedules.group("g" + i, raw[i], PID, i + 1);
        }
        return values(t.plan(Schedules.grouping(groups)).threads());
    }

    private RestoreJournal journal() throws Exception {
        return RestoreJournal.open(tmp.resolve("journal-" + opened.size()));
    }

    private static double[] tidsAnd(double[] raw) {
        double[] pairs = new double[raw.length * 2];
        for (int i = 0; i < raw.length; i++) {
            pairs[2 * i] = i + 1;
            pairs[2 * i + 1] = raw[i];
        }
        return pairs;
    }

    private static List<Long> values(List<TranslatedThread> threads) {
        return threads.stream().map(TranslatedThread::value).toList();
    }
}
