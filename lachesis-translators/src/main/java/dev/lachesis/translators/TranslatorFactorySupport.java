package dev.lachesis.translators;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.config.JournalLocation;
import dev.lachesis.translators.journal.JournalInUseException;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.journal.UntrustedJournalException;
import java.io.IOException;
import java.nio.file.Path;

/** What the three factories share: opening the restore journal a context names. */
public final class TranslatorFactorySupport {
    private TranslatorFactorySupport() {
    }

    public static RestoreJournal journal(TranslatorContext context) throws ConfigException {
        Path file = JournalLocation.resolve(context.journal());
        try {
            return RestoreJournal.open(file);
        } catch (UntrustedJournalException e) {
            throw new ConfigException("journal (" + file + ") cannot be trusted: " + e.getMessage());
        } catch (JournalInUseException e) {
            throw new ConfigException(e.getMessage() + ": stop it first, or give this file another 'journal:'");
        } catch (IOException e) {
            throw new ConfigException("journal (" + file + ") cannot be read: " + e.getMessage());
        }
    }
}
