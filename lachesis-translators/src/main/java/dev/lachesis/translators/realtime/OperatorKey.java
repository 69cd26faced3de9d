package dev.lachesis.translators.realtime;

/**
 * A physical operator of an SPE instance, by the id its driver gives it: the key under which the
 * watchdog finds an operator's newest interval of progress. Immutable.
 */
record OperatorKey(String spe, String operatorId) {
    @Override
    public String toString() {
        return "operator '" + operatorId + "' of SPE '" + spe + "'";
    }
}
