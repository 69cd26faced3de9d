package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigNode;

/**
 * What a policy gets at creation.
 *
 * @param name the policy instance's name from the configuration (it names its schedules)
 * @param config the policy's own parameters ({@code policies[i].settings})
 * @param realTime whether its translator uses a real-time class, which changes QS-IO's rules
 * @param seed a seed for policies that draw random numbers, fixed in tests
 */
public record PolicyContext(String name, ConfigNode config, boolean realTime, long seed) {
}
