package dev.lachesis.core.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * Runs an action on {@code SIGHUP}, the signal {@code systemctl reload} and {@code kill -HUP} send,
 * which would otherwise stop the JVM as SIGTERM does. The JDK's only handler API is
 * {@code sun.misc.Signal} (module {@code jdk.unsupported}); it is reached by reflection so that the
 * build stays free of javac's internal-API warning, and a JVM without it just keeps the default. A
 * process started with SIGHUP ignored (under {@code nohup}) keeps ignoring it: the JVM installs no
 * handler then, and reload is unavailable.
 */
final class HangUpSignal {
    private HangUpSignal() {
    }

    /**
     * Installs {@code action} as the SIGHUP handler; it runs on a thread the JVM starts per signal.
     *
     * @return why it could not be installed, or {@code null} when it was
     */
    static String handle(Runnable action) {
        try {
            Class<?> signalType = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Object hangUp = signalType.getConstructor(String.class).newInstance("HUP");
            InvocationHandler calls = (proxy, method, args) -> switch (method.getName()) {
                case "handle" -> {
                    action.run();
                    yield null;
                }
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> "SIGHUP handler";
            };
            Object handler = Proxy.newProxyInstance(handlerType.getClassLoader(), new Class<?>[] {handlerType}, calls);
            Object previous = signalType.getMethod("handle", signalType, handlerType).invoke(null, hangUp, handler);
            if (previous == handlerType.getField("SIG_IGN").get(null)) {
                // The JVM leaves a signal ignored at its start (nohup) ignored, and says so only here.
                return "SIGHUP is ignored in this process, as nohup leaves it";
            }
            return null;
        } catch (InvocationTargetException e) {
            return String.valueOf(e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            return e.toString();
        }
    }
}
