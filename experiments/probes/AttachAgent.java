import com.sun.tools.attach.VirtualMachine;

/**
 * Loads a native agent into a running JVM through the attach API, as async-profiler's jattach
 * does: {@code java AttachAgent.java PID LIBRARY OPTIONS}. round-profile.sh uses it to start and
 * stop async-profiler in a daemon that is already past its start-up.
 */
public final class AttachAgent {
    private AttachAgent() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: java AttachAgent.java PID LIBRARY OPTIONS");
        }
        VirtualMachine vm = VirtualMachine.attach(args[0]);
        try {
            vm.loadAgentPath(args[1], args[2]);
        } finally {
            vm.detach();
        }
    }
}
