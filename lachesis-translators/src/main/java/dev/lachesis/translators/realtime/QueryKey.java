package dev.lachesis.translators.realtime;

import java.util.Objects;

/**
 * A query of one SPE instance: what the watchdog judges progress by. Immutable.
 *
 * @param spe the SPE instance's name in the configuration
 * @param queryId the query's id within it
 */
record QueryKey(String spe, String queryId) {
    QueryKey {
        Objects.requireNonNull(spe, "spe");
        Objects.requireNonNull(queryId, "queryId");
    }

    @Override
    public String toString() {
        return "query '" + queryId + "' of SPE '" + spe + "'";
    }
}
