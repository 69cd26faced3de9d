package dev.lachesis.translators.cli;

import dev.lachesis.core.cli.ManifestVersion;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.config.JournalLocation;
import dev.lachesis.translators.journal.JournalTrust;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.journal.Restorer;
import dev.lachesis.translators.journal.JournalInUseException;
import dev.lachesis.translators.journal.UntrustedJournalException;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.linux.jna.JnaKernel;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lachesis restore}: puts back everything a restore journal holds — policy, RT priority, nice
 * and cgroup of every thread still alive (a reused PID, or a process now owned by another user, is
 * never touched), removes the groups Lachesis created and restores RT budgets — after a crash, a
 * {@code kill -9}, or {@code lachesis set}. It runs as root and believes the journal, so it refuses
 * (exit 2) a journal that root or its own user did not write ({@link JournalTrust}).
 */
@Command(name = "restore", header = "Undo every change recorded in a restore journal.", mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class)
public final class RestoreCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--journal", description = "Restore journal (default: the daemon's, " + JournalLocation.DEFAULT_DESCRIPTION + ").")
    Path journal;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path file = JournalLocation.resolve(journal);
        if (!Files.exists(file, JournalTrust.NOFOLLOW)) {
            out.println("nothing to restore: " + file + " does not exist");
            return 0;
        }
        RestoreJournal records;
        try {
            records = RestoreJournal.read(file);
        } catch (UntrustedJournalException e) {
            err.println("not restoring: " + e.getMessage());
            return 2;
        } catch (JournalInUseException e) {
            err.println("not restoring: " + e.getMessage() + ": stop it (SIGTERM) instead of restoring under it");
            return 2;
        }
        Restorer.Report report = new Restorer(JnaKernel.instance(), ProcFs.system()).restoreAll(records);
        out.println("restored " + report.restored() + " threads; " + report.gone() + " were gone or no longer matched their entries (a reused pid, another owner) and were left alone; removed "
                + records.createdGroups().size() + " groups");
        if (!report.complete()) {
            report.problems().forEach(err::println);
            err.println("kept " + file + "; fix the above and run restore again");
            return 1;
        }
        records.deleteFile();
        return 0;
    }
}
