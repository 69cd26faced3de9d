/**
 * The daemon's news to the service manager that runs it ({@link dev.lachesis.core.spi.ServiceManager}),
 * here because it is a native call, and the native calls live in this module.
 */
package dev.lachesis.translators.service;
