package dev.lachesis.translators.cli;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.JvmThreadLister;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.translators.CgroupSettings;
import dev.lachesis.translators.CgroupTranslator;
import dev.lachesis.translators.CgroupTranslatorSettings;
import dev.lachesis.translators.Machine;
import dev.lachesis.translators.NiceSettings;
import dev.lachesis.translators.NiceTranslator;
import dev.lachesis.translators.realtime.RealTimeSettings;
import dev.lachesis.translators.realtime.RealTimeTranslator;
import dev.lachesis.translators.realtime.WatchdogSettings;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.core.cli.LachesisCommand;
import dev.lachesis.core.config.JournalLocation;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.journal.JournalInUseException;
import dev.lachesis.translators.journal.UntrustedJournalException;
import dev.lachesis.translators.kernel.SchedPolicy;
import dev.lachesis.translators.normalise.IntRange;
import dev.lachesis.translators.normalise.LinearNormaliser;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis set}: gives one fixed priority, by hand, to the threads of a process whose full
 * Java names match a pattern, journalled like every change the daemon makes so {@code lachesis
 * restore} undoes it. Users pin a class of threads with it, or check permissions before running the
 * daemon. The change stays after the command exits.
 */
@Command(name = "set", header = "Give matching threads of a process a fixed nice value, RT priority or cgroup.",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class)
public final class SetCommand implements Callable<Integer> {
    private final JvmThreadLister lister;
    private final Machine machine;

    @Spec
    CommandSpec spec;

    @Option(names = "--pid", required = true, description = "The process whose threads to change.")
    int pid;

    @Option(names = "--threads", defaultValue = ".*", description = "Regular expression over full Java thread names (default: all).")
    String threads;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mechanism mechanism;

    @Option(names = "--journal", description = "Restore journal (default: the daemon's, " + JournalLocation.DEFAULT_DESCRIPTION + ").")
    Path journal;

    @Option(names = "--cgroup-root", defaultValue = "lachesis", description = "Group under the cpu controller that holds --group (default: lachesis).")
    String cgroupRoot;

    /** The one change to make. */
    static final class Mechanism {
        @Option(names = "--nice", description = "Nice value, -20..19.")
        Integer nice;

        @Option(names = "--rr", description = "SCHED_RR priority, 1..99.")
        Integer rr;

        @Option(names = "--fifo", description = "SCHED_FIFO priority, 1..99.")
        Integer fifo;

        @ArgGroup(exclusive = false)
        Shares shares;
    }

    /** A cgroup with a weight. */
    static final class Shares {
        @Option(names = "--shares", required = true, description = "cpu.shares (v1) or cpu.weight (v2) of the group.")
        int value;

        @Option(names = "--group", required = true, description = "Group name, created under --cgroup-root.")
        String group;
    }

    /** @param lister how to read a JVM's thread names */
    public SetCommand(JvmThreadLister lister) {
        this(lister, null);
    }

    SetCommand(JvmThreadLister lister, Machine machine) {
        this.lister = lister;
        this.machine = machine;
    }

    @Override
    public Integer call() throws Exception {
        if (spec.parent() != null && spec.parent().userObject() instanceof LachesisCommand lachesis) {
            // What set did (or its one-line error) is its output: start-up news such as the kernel's
            // capabilities stays out unless --log-level asks for it.
            lachesis.applyConfiguredLevel("warn");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Pattern pattern;
        try {
            pattern = Pattern.compile(threads);
        } catch (PatternSyntaxException e) {
            err.println("--threads '" + threads + "' is not a regular expression: " + e.getDescription());
            return 2;
        }
        Machine m = machine != null ? machine : Machine.system();
        String rangeProblem = rangeProblem(m.cgroups().map(CgroupHierarchy::version).orElse(null));
        if (rangeProblem != null) {
            err.println(rangeProblem);
            return 2;
        }
        List<JvmThread> matched;
        try {
            matched = lister.threads(pid).stream().filter(t -> pattern.matcher(t.name()).matches()).toList();
        } catch (DriverException e) {
            err.println("cannot list the threads of pid " + pid + ": " + e.getMessage());
            return 1;
        }
        if (matched.isEmpty()) {
            err.println("no thread of pid " + pid + " has a name matching '" + threads + "'");
            return 1;
        }
        Path journalFile = JournalLocation.resolve(journal);
        RestoreJournal shared;
        try {
            shared = RestoreJournal.open(journalFile);
        } catch (UntrustedJournalException e) {
            err.println("not changing any thread: " + e.getMessage());
            return 2;
        } catch (JournalInUseException e) {
            err.println("not changing any thread: " + e.getMessage() + ": stop it first");
            return 2;
        }
        Translator translator = translator(m, shared);
        TranslationPlan applied;
        try {
            applied = translator.apply(translator.plan(schedule(matched)));
        } catch (TranslatorException e) {
            err.println(e.getMessage());
            return 1;
        } finally {
            // The translator is deliberately not closed (that would restore); the journal keeps the
            // originals for 'restore'.
            shared.closeKeepingFile();
        }
        for (TranslatedThread t : applied.threads()) {
            out.println(t.entry().thread().ref() + " '" + t.entry().thread().thread().name() + "' -> "
                    + describe(applied.mechanism(), t));
        }
        out.println(applied.threads().size() + " of " + matched.size() + " matching threads changed; undo with: lachesis restore --journal "
                + journalFile);
        return applied.threads().size() == matched.size() ? 0 : 1;
    }

    /** The first value out of its range, one line; {@code version} bounds {@code --shares} when known. */
    private String rangeProblem(CgroupVersion version) {
        if (mechanism.nice != null && (mechanism.nice < -20 || mechanism.nice > 19)) {
            return "--nice was '" + mechanism.nice + "' but must be from -20 to 19";
        }
        Integer rt = mechanism.rr != null ? mechanism.rr : mechanism.fifo;
        if (rt != null && (rt < 1 || rt > 99)) {
            return (mechanism.rr != null ? "--rr" : "--fifo") + " was '" + rt + "' but must be from 1 to 99";
        }
        if (mechanism.shares != null && version != null
                && (mechanism.shares.value < version.minWeight() || mechanism.shares.value > version.maxWeight())) {
            return "--shares was '" + mechanism.shares.value + "' but " + version.weightFile() + " (cgroup "
                    + version.name().toLowerCase(Locale.ROOT) + ") must be from " + version.minWeight() + " to "
                    + version.maxWeight();
        }
        if (mechanism.shares != null && !mechanism.shares.group.matches("[A-Za-z0-9._-]+")) {
            return "--group was '" + mechanism.shares.group + "' but must use only letters, digits, '.', '-' and '_'";
        }
        return null;
    }

    private static String describe(String mechanism, TranslatedThread t) {
        return t.group() == null ? mechanism + " " + t.value() : t.group() + " (" + mechanism + " " + t.value() + ")";
    }

    private Translator translator(Machine m, RestoreJournal shared) throws Exception {
        CgroupHierarchy cgroups = m.cgroups().orElse(null);
        if (mechanism.nice != null) {
            return new NiceTranslator("set", new NiceSettings(new IntRange(mechanism.nice, mechanism.nice), new LinearNormaliser(), 0),
                    m.kernel(), m.proc(), cgroups, shared);
        }
        if (mechanism.rr != null || mechanism.fifo != null) {
            int p = mechanism.rr != null ? mechanism.rr : mechanism.fifo;
            SchedPolicy policy = mechanism.rr != null ? SchedPolicy.RR : SchedPolicy.FIFO;
            WatchdogSettings noWatchdog = WatchdogSettings.DEFAULT.disabled();
            RealTimeSettings settings = new RealTimeSettings(policy, new IntRange(p, p), new LinearNormaliser(), 0,
                    noWatchdog, true);
            return new RealTimeTranslator("set", settings, m.kernel(), m.proc(), cgroups, shared, cgroupSettings());
        }
        if (cgroups == null) {
            throw new IOException("no cgroup hierarchy with the cpu controller is mounted (see /proc/mounts)");
        }
        int s = mechanism.shares.value;
        return new CgroupTranslator("set", new CgroupTranslatorSettings(new IntRange(s, s), new LinearNormaliser(), 0),
                cgroupSettings(), m.kernel(), m.proc(),
                cgroups, shared);
    }

    private CgroupSettings cgroupSettings() {
        return new CgroupSettings(cgroupRoot.startsWith("/") ? cgroupRoot : "/" + cgroupRoot, null);
    }

    private Schedule schedule(List<JvmThread> matched) {
        List<ThreadPriority> entries = matched.stream()
                .map(t -> new ThreadPriority("cli", new OperatorThread(t, ThreadKind.OTHER, "cli", null, "cli", null), 1.0, Map.of()))
                .toList();
        if (mechanism.shares != null) {
            return new GroupingSchedule("set", List.of(new ScheduleGroup(mechanism.shares.group, 1.0, entries)), OptionalDouble.empty());
        }
        return new SinglePrioritySchedule("set", entries, OptionalDouble.empty());
    }
}
