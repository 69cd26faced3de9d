package dev.lachesis.core.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.ThreadKind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JvmRuntimeThreadsTest {
    @Test
    void knowsTheVmThreadAndTheCollectorOfAJava17Dump() {
        assertThat(List.of("VM Thread", "GC Thread#0", "GC Thread#1", "G1 Main Marker", "G1 Conc#0",
                "G1 Refine#0", "G1 Service", "VM Periodic Task Thread"))
                .allSatisfy(name -> assertThat(JvmRuntimeThreads.kindOf(name)).contains(ThreadKind.RUNTIME));
    }

    @Test
    void tellsTheJitCompilersApart() {
        assertThat(List.of("C2 CompilerThread0", "C1 CompilerThread0", "C2 CompilerThread12"))
                .allSatisfy(name -> assertThat(JvmRuntimeThreads.kindOf(name)).contains(ThreadKind.COMPILER));
    }

    @Test
    void leavesApplicationAndOtherJvmThreadsAlone() {
        assertThat(List.of("main", "Thread-40-join-executor[6, 6]", "Finalizer", "Reference Handler",
                "Attach Listener", "GC Thread", "my VM Thread", "C2 CompilerThread"))
                .allSatisfy(name -> assertThat(JvmRuntimeThreads.kindOf(name)).isEqualTo(Optional.empty()));
    }
}
