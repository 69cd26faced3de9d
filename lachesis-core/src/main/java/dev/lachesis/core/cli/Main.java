package dev.lachesis.core.cli;

/** The entry point {@code bin/lachesis} starts: runs the command line and exits with its code. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(LachesisCommand.commandLine(Environment.system()).execute(args));
    }
}
