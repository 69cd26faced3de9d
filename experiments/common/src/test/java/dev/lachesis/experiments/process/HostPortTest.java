package dev.lachesis.experiments.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HostPortTest {
    @Test
    void parsesHostAndPort() {
        assertThat(HostPort.parse("127.0.0.1:2003")).isEqualTo(new HostPort("127.0.0.1", 2003));
    }

    @Test
    void rejectsMissingOrBadPortNamingTheText() {
        assertThatThrownBy(() -> HostPort.parse("localhost")).hasMessage("'localhost' is not HOST:PORT (e.g. 127.0.0.1:2003)");
        assertThatThrownBy(() -> HostPort.parse("localhost:x")).hasMessage("'localhost:x' has a port that is not a number");
        assertThatThrownBy(() -> HostPort.parse("localhost:70000")).hasMessage("'localhost:70000': port 70000 is outside 1-65535");
    }
}
