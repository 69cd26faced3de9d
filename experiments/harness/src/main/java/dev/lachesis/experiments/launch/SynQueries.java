package dev.lachesis.experiments.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * How many of the SYN queries run at once and whether some of their operators block (the 2021
 * paper's §6.4 runs 20, with and without blocking): the sweep's {@code --queries} and
 * {@code --blocking}, passed on to the Flink launcher, which splits the rate evenly over them.
 *
 * @param queries how many queries run at once, 1 or more
 * @param blocking whether a tenth of the operators block now and then, as I/O would
 */
public record SynQueries(int queries, boolean blocking) {
    /** One query without blocking: what every query but SYN runs. */
    public static final SynQueries ONE = new SynQueries(1, false);

    public SynQueries {
        if (queries < 1) {
            throw new IllegalArgumentException("--queries was " + queries + " but must be 1 or more");
        }
    }

    /** The launcher's arguments for them. */
    public List<String> arguments() {
        List<String> arguments = new ArrayList<>(List.of("--queries", Integer.toString(queries)));
        if (blocking) {
            arguments.add("--blocking");
        }
        return arguments;
    }

    /** What tells their results apart in a directory name: {@code -20q-blocking}; empty for {@link #ONE}. */
    public String directorySuffix() {
        return equals(ONE) ? "" : "-" + queries + "q" + (blocking ? "-blocking" : "");
    }
}
