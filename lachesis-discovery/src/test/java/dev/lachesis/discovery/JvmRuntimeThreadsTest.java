package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmRuntimeThreadsTest {
    @Test
    void knowsTheVmThreadTheCollectorAndTheCompilersOfAJava17Dump() {
        assertThat(java.util.List.of("VM Thread", "GC Thread#0", "GC Thread#1", "G1 Main Marker", "G1 Conc#0",
                "G1 Refine#0", "G1 Service", "C2 CompilerThread0", "C1 CompilerThread0", "VM Periodic Task Thread"))
                .allMatch(JvmRuntimeThreads::isRuntime);
    }

    @Test
    void leavesApplicationAndOtherJvmThreadsAlone() {
        assertThat(java.util.List.of("main", "Thread-40-join-executor[6, 6]", "Finalizer", "Reference Handler",
                "Attach Listener", "GC Thread", "my VM Thread")).noneMatch(JvmRuntimeThreads::isRuntime);
    }
}
