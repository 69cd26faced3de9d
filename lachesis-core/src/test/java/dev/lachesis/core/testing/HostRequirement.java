package dev.lachesis.core.testing;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs of the host beyond Java and root: a cgroup-v1 real-time budget, systemd-nspawn,
 * a Docker daemon. On a host without it the test is skipped with one line naming what is missing;
 * where the environment variable of its switch is {@code 1} (CI sets them, through {@code .ci/run})
 * it fails instead, so a machine that should have it cannot pass by skipping.
 */
public enum HostRequirement {
    /** A cgroup-v1 {@code cpu} controller with {@code cpu.rt_runtime_us}, and permission to use real time. */
    RT_BUDGET("LACHESIS_REQUIRE_RT_BUDGET"),
    /** {@code systemd-nspawn} and {@code debootstrap}, to boot a Debian root file system with systemd. */
    NSPAWN("LACHESIS_REQUIRE_NSPAWN"),
    /** A Docker daemon that answers. */
    DOCKER("LACHESIS_REQUIRE_DOCKER");

    private final String variable;

    HostRequirement(String variable) {
        this.variable = variable;
    }

    /** The environment variable that makes a missing requirement a failure. */
    public String variable() {
        return variable;
    }

    /**
     * Skips the test with {@code missing} as its one-line reason unless {@code met}, or fails it when
     * this requirement's switch is set.
     */
    public void check(boolean met, String missing) {
        if (met) {
            return;
        }
        if ("1".equals(System.getenv(variable))) {
            fail(variable + "=1, but " + missing);
        }
        Assumptions.abort(missing + " (" + variable + "=1 makes this a failure)");
    }
}
