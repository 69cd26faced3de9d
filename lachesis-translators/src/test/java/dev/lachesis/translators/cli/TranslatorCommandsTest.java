package dev.lachesis.translators.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.cli.Environment;
import dev.lachesis.core.cli.LachesisCommand;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.translators.Machine;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelCapabilities;
import dev.lachesis.translators.linux.jna.JnaKernel;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class TranslatorCommandsTest {
    @Test
    void setAndRestoreAreSubcommandsOfLachesis() {
        CommandLine cli = LachesisCommand.commandLine(Environment.system());
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));

        int exit = cli.execute("restore", "--help");

        assertThat(cli.getSubcommands()).containsKeys("set", "restore");
        assertThat(exit).isZero();
        assertThat(out.toString()).contains("--journal");
    }

    @Test
    void setAndRestorePrintTheVersion() {
        for (String verb : new String[] {"set", "restore"}) {
            CommandLine cli = LachesisCommand.commandLine(Environment.system());
            StringWriter out = new StringWriter();
            cli.setOut(new PrintWriter(out));

            assertThat(cli.execute(verb, "--version")).as(verb).isZero();
            assertThat(out.toString()).as(verb).startsWith("lachesis ");
        }
    }

    @Test
    void sharesOutsideWhatTheCgroupVersionAllowsAreRefusedBeforeAnyThreadIsListed(@TempDir Path mount) {
        assertThat(setShares(mount, CgroupVersion.V1, "300000")).isEqualTo("--shares was '300000' but cpu.shares (cgroup v1)"
                + " must be from 2 to 262144");
        assertThat(setShares(mount, CgroupVersion.V1, "1")).isEqualTo("--shares was '1' but cpu.shares (cgroup v1) must be from 2 to 262144");
        assertThat(setShares(mount, CgroupVersion.V2, "10001")).isEqualTo("--shares was '10001' but cpu.weight (cgroup v2)"
                + " must be from 1 to 10000");
        assertThat(setShares(mount, CgroupVersion.V2, "1000000000000")).startsWith("Invalid value for option '--shares'");
    }

    /** {@code set --shares VALUE}: its one line on stderr, after checking it exits 2. */
    private static String setShares(Path mount, CgroupVersion version, String value) {
        Machine machine = new Machine(JnaKernel.instance(), ProcFs.system(), Optional.of(new CgroupHierarchy(version, mount)),
                new KernelCapabilities(true, true, "", ""));
        SetCommand set = new SetCommand(pid -> {
            throw new AssertionError("no thread may be listed");
        }, machine);
        StringWriter err = new StringWriter();
        int exit = new CommandLine(set).setErr(new PrintWriter(err, true))
                .execute("--pid", "1", "--shares", value, "--group", "g");
        assertThat(exit).isEqualTo(2);
        return err.toString().lines().findFirst().orElse("");
    }
}
