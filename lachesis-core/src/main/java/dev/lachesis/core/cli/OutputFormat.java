package dev.lachesis.core.cli;

/** How commands that list threads print them: aligned columns for people, JSON for scripts. */
public enum OutputFormat {
    TABLE, JSON
}
