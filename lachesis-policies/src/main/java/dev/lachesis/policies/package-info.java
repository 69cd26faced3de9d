/**
 * The scheduling policies: each turns one round's metrics into a schedule (thread → priority, or
 * group → priority). A policy is a {@link dev.lachesis.core.spi.PolicyFactory} listed in this
 * module's {@code META-INF/services}, named in the YAML file ({@code policy: qs}); the metrics it
 * reads are declared up front, so a metric no driver can provide is a start-up error.
 */
package dev.lachesis.policies;
