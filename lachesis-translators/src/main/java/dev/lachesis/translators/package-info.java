/**
 * The translators: each normalises a schedule into what one kernel mechanism accepts (nice values,
 * real-time priorities, cgroup shares or weights) and applies it, journalling every thread's
 * original settings first so that any exit restores them. A translator is a
 * {@link dev.lachesis.core.spi.TranslatorFactory} listed in this module's {@code META-INF/services}
 * and named in the YAML file ({@code translator: nice}).
 */
package dev.lachesis.translators;
