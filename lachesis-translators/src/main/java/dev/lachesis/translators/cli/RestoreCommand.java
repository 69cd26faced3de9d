package dev.lachesis.translators.cli;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.config.JournalLocation;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.journal.Restorer;
import dev.lachesis.translators.kernel.Kernel;
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
 * and cgroup of every thread still alive (a reused PID is never touched), removes the groups Lachesis
 * created and restores RT budgets — after a crash, a {@code kill -9}, or {@code lachesis set}.
 */
@Command(name = "restore", header = "Undo every change recorded in a restore journal.", mixinStandardHelpOptions = true)
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
        if (!Files.exists(file)) {
            out.println("nothing to restore: " + file + " does not exist");
            return 0;
        }
        RestoreJournal records = RestoreJournal.read(file);
        Restorer.Report report = new Restorer(Kernel.system(), ProcFs.system()).restoreAll(records);
        out.println("restored " + report.restored() + " threads; " + report.gone() + " were gone (or their ids reused) and left alone; removed "
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
