package dev.lachesis.experiments.sweep;

/**
 * The ports of a Graphite on this machine as {@code --graphite} gives them,
 * {@code <carbon plaintext port>:<render API port>} ({@code 2003:8080} for
 * {@code deploy/graphite/graphite.sh}). Immutable.
 */
record GraphitePorts(int carbon, int http) {
    GraphitePorts {
        if (carbon < 1 || carbon > 65_535 || http < 1 || http > 65_535) {
            throw new IllegalArgumentException("--graphite ports must be 1-65535, were " + carbon + ":" + http);
        }
    }

    /** Reads {@code 2003:8080}; the message names the option and the expected form. */
    static GraphitePorts parse(String text) {
        String[] parts = text.split(":", -1);
        try {
            if (parts.length == 2) {
                return new GraphitePorts(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException("--graphite was '" + text
                + "' but must be <carbon plaintext port>:<render API port>, such as 2003:8080");
    }

    @Override
    public String toString() {
        return carbon + ":" + http;
    }
}
