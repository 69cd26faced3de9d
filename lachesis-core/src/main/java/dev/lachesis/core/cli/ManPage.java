package dev.lachesis.core.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Writes {@code lachesis(1)} in troff from the picocli model of the command line, so the manual
 * lists exactly the commands and options the installed build has (plug-in commands included) and
 * says about each what {@code --help} says. Stateless.
 */
final class ManPage {
    private ManPage() {
    }

    /** The page for {@code lachesis}, whose version is {@code version}. */
    static String of(CommandLine lachesis, String version) {
        StringBuilder page = new StringBuilder();
        page.append(".TH LACHESIS 1 \"\" \"lachesis ").append(escape(version)).append("\" \"User Commands\"\n")
                .append(".SH NAME\nlachesis \\- ").append(escape(first(lachesis.getCommandSpec().usageMessage().header())))
                .append('\n')
                .append(".SH SYNOPSIS\n.B lachesis\n.I COMMAND\n[\\fIOPTION\\fR]...\n")
                .append(".SH DESCRIPTION\n")
                .append("Lachesis runs beside Apache Storm and Apache Flink and, every scheduling round, ranks the\n")
                .append("threads of their queries by a policy and applies the ranking through nice values, real-time\n")
                .append("priorities or cgroup CPU shares, without changing the engine.\n")
                .append("Every command takes \\fB\\-\\-help\\fR, \\fB\\-\\-version\\fR and \\fB\\-\\-log\\-level\\fR.\n")
                .append(".SH COMMANDS\n");
        for (Map.Entry<String, CommandLine> sub : lachesis.getSubcommands().entrySet()) {
            command(page, sub.getKey(), sub.getValue().getCommandSpec());
        }
        page.append(".SH EXIT STATUS\n0 when the command did its work, 1 when it failed while running (one line on\n")
                .append("standard error), 2 for a usage or configuration error (one line per problem).\n")
                .append(".SH FILES\n.TP\n.I /etc/lachesis/lachesis.yaml\nThe policy file the systemd unit runs with.\n")
                .append(".TP\n.I /run/lachesis/journal\nThe restore journal: every thread's original settings, for\n")
                .append(".BR \"lachesis restore\" .\n")
                .append(".SH SEE ALSO\n.BR nice (1),\n.BR chrt (1),\n.BR sched (7),\n.BR systemd.exec (5)\n");
        return page.toString();
    }

    private static void command(StringBuilder page, String name, CommandSpec spec) {
        page.append(".SS \"lachesis ").append(escape(name)).append("\"\n")
                .append(escape(String.join(" ", List.of(spec.usageMessage().header())))).append('\n');
        for (OptionSpec option : spec.options()) {
            if (option.usageHelp() || option.versionHelp() || option.hidden() || option.longestName().equals("--log-level")) {
                continue;
            }
            page.append(".TP\n\\fB").append(escape(String.join(", ", option.names()))).append("\\fR");
            if (option.arity().max() > 0) {
                page.append("=\\fI").append(escape(option.paramLabel())).append("\\fR");
            }
            page.append('\n').append(escape(String.join(" ", option.description()).replace("${DEFAULT-VALUE}",
                    String.valueOf(option.defaultValue())))).append('\n');
        }
    }

    private static String first(String[] lines) {
        return lines.length == 0 ? "" : lines[0];
    }

    /** Text made safe for troff: backslashes and hyphens escaped, no line starting with a control character. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder();
        String[] lines = text.replace("\\", "\\e").replace("-", "\\-").split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                out.append('\n');
            }
            if (lines[i].startsWith(".") || lines[i].startsWith("'")) {
                out.append("\\&");
            }
            out.append(lines[i]);
        }
        return out.toString();
    }
}
