package dev.lachesis.experiments.run;

/**
 * Thrown inside a demo or a sweep once it was asked to stop (Ctrl-C, SIGTERM): whatever it was
 * waiting for no longer matters, and its {@code close()} is undoing everything it started.
 */
public final class RunStopped extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param what what was stopped, e.g. {@code the demo} */
    public RunStopped(String what) {
        super(what + " was stopped");
    }
}
