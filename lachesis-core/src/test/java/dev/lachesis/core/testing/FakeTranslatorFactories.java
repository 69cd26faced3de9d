package dev.lachesis.core.testing;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.spi.TranslatorFactory;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * Translator plug-ins for tests: {@code fake-nice} and {@code fake-rr} (single-priority; the latter
 * real-time) and {@code fake-shares} (grouping).
 */
public final class FakeTranslatorFactories {
    /** Every translator the factories made, so tests can look at what they applied. */
    public static final List<RecordingTranslator> CREATED = new CopyOnWriteArrayList<>();
    /** The optional metrics of every translator made from now on (none unless a test adds some). */
    public static final Set<String> OPTIONAL = new CopyOnWriteArraySet<>();
    /** What every translator made was given, in order. */
    public static final List<TranslatorContext> CONTEXTS = new CopyOnWriteArrayList<>();

    private FakeTranslatorFactories() {
    }

    /**
     * {@code translator: fake-nice}; with {@code translator-settings: {refuse: MESSAGE}} it cannot be
     * created and says MESSAGE, as a real one whose journal another daemon holds.
     */
    public static final class Nice implements TranslatorFactory {
        @Override
        public String name() {
            return "fake-nice";
        }

        @Override
        public Translator create(TranslatorContext context) throws ConfigException {
            if (!context.config().child("refuse").isMissing()) {
                throw new ConfigException(context.config().json().path("refuse").asText());
            }
            CONTEXTS.add(context);
            RecordingTranslator translator = new RecordingTranslator(name(), ScheduleForm.SINGLE_PRIORITY);
            translator.useOptionally(OPTIONAL);
            CREATED.add(translator);
            return translator;
        }
    }

    /** {@code translator: fake-shares}. */
    public static final class Shares implements TranslatorFactory {
        @Override
        public String name() {
            return "fake-shares";
        }

        @Override
        public Translator create(TranslatorContext context) {
            CONTEXTS.add(context);
            RecordingTranslator translator = new RecordingTranslator(name(), ScheduleForm.GROUPING);
            translator.useOptionally(OPTIONAL);
            CREATED.add(translator);
            return translator;
        }
    }

    /** {@code translator: fake-rr}: a real-time single-priority translator. */
    public static final class RealTime implements TranslatorFactory {
        @Override
        public String name() {
            return "fake-rr";
        }

        @Override
        public Translator create(TranslatorContext context) {
            CONTEXTS.add(context);
            RecordingTranslator translator = new RecordingTranslator(name(), ScheduleForm.SINGLE_PRIORITY, true);
            translator.useOptionally(OPTIONAL);
            CREATED.add(translator);
            return translator;
        }
    }
}
