package dev.lachesis.core.cli;

/** How commands that list threads print them: aligned columns for people, JSON for scripts. */
enum OutputFormat {
    TABLE, JSON
}
