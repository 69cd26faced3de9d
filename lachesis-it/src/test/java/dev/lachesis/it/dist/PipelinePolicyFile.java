package dev.lachesis.it.dist;

/**
 * The policy file the package tests give the installed daemon: Storm's pipeline query (its
 * {@code lachesis-bench query --spe storm --query pipeline} topology), metrics in the daemon's
 * embedded store, and a hand-set priority that puts the heavy operator first and the source second,
 * so what the daemon sets is known whatever the query's queues do.
 */
final class PipelinePolicyFile {
    private PipelinePolicyFile() {
    }

    /**
     * @param carbonPort the embedded store's carbon port, where the query reports
     * @param httpPort the embedded store's HTTP port
     * @param translator {@code nice} or {@code rt}
     * @param translatorSettings the translator's settings as a YAML flow map, e.g. {@code {highest: -20, lowest: 0}}
     */
    static String yaml(int carbonPort, int httpPort, String translator, String translatorSettings) {
        return """
                spes:
                  - name: storm
                    driver: storm
                    discovery:
                      topology: lachesis-pipeline
                    settings:
                      version: 2
                      wait-strategy: park
                metrics:
                  source: embedded
                  window: 10s
                  settings:
                    carbon-port: %d
                    http-port: %d
                policies:
                  - name: storm-static
                    policy: static
                    period: 1s
                    spes: [storm]
                    translator: %s
                    settings:
                      priorities: {heavy: 2, source: 1}
                      default: 0
                    translator-settings: %s
                """.formatted(carbonPort, httpPort, translator, translatorSettings);
    }
}
