package dev.lachesis.core.loop;

import dev.lachesis.core.spi.SpeDriver;
import java.util.Objects;

/**
 * A configured SPE instance and the driver that sees it. Immutable (the driver is not).
 *
 * @param name the instance's name from {@code spes[].name}
 * @param driver its driver
 */
public record Spe(String name, SpeDriver driver) {
    public Spe {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(driver, "driver");
    }
}
