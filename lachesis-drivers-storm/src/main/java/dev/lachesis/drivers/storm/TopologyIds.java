package dev.lachesis.drivers.storm;

import java.util.OptionalLong;

/**
 * Reads Storm topology ids, {@code <name>-<counter>-<submission time>}, without regular
 * expressions: the driver asks for every series name and worker of every round, and a pattern
 * built from the topology's name was compiled per call. Stateless.
 */
final class TopologyIds {
    private TopologyIds() {
    }

    /** The topology's name in {@code id}, or {@code id} itself when it carries no counter and time. */
    static String name(String id) {
        int end = nameEnd(id);
        return end < 0 ? id : id.substring(0, end);
    }

    /**
     * When the topology was submitted, in epoch seconds (Nimbus's clock, cut to the second), or
     * empty when {@code id} is a bare name (Storm 1.x series).
     */
    static OptionalLong submittedAt(String id) {
        if (nameEnd(id) < 0) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(id.substring(id.lastIndexOf('-') + 1)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** Whether {@code id} is the id of a topology named {@code name}. */
    static boolean isIdOf(String id, String name) {
        return nameEnd(id) == name.length() && id.startsWith(name);
    }

    /** Where the name ends in {@code id}: the index of the {@code -} before the counter, or -1. */
    private static int nameEnd(String id) {
        int timeDash = id.lastIndexOf('-');
        if (timeDash < 0 || !isDigits(id, timeDash + 1, id.length())) {
            return -1;
        }
        int counterDash = id.lastIndexOf('-', timeDash - 1);
        return counterDash >= 0 && isDigits(id, counterDash + 1, timeDash) ? counterDash : -1;
    }

    /** Whether the characters of {@code s} from {@code from} to {@code to} (exclusive) are one or more ASCII digits. */
    private static boolean isDigits(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
