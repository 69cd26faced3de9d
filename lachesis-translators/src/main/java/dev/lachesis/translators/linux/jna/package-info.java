/**
 * The only place in Lachesis that touches JNA: the libc mapping ({@link
 * dev.lachesis.translators.linux.jna.LinuxLibc}) and the {@link dev.lachesis.translators.kernel.Kernel}
 * implementation that turns each call's {@code errno} into a typed exception. A unit test fails the
 * build when {@code com.sun.jna} is imported anywhere else.
 */
package dev.lachesis.translators.linux.jna;
