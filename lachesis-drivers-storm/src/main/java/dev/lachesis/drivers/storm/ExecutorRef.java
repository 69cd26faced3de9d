package dev.lachesis.drivers.storm;

/**
 * Where a physical operator's metrics live: its topology (as series name it), component and task
 * range. Immutable.
 */
record ExecutorRef(String topology, String component, int firstTask, int lastTask) {
    /** The physical operator id: {@code <topology>/<component>/<first>-<last>}. */
    String operatorId() {
        return topology + "/" + component + "/" + firstTask + "-" + lastTask;
    }
}
