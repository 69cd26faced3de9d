package dev.lachesis.core.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.time.Duration;

/**
 * The one Jackson setup for configuration: strict (unknown keys, nulls for primitives and numbers
 * for enums are errors), kebab-case keys bound to Java records, durations written as {@code 1s},
 * sizes as {@code 8MiB}. Thread-safe once built.
 */
public final class ConfigMapper {
    private static final ObjectMapper YAML = configure(YAMLMapper.builder()
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS).build());
    private static final ObjectMapper TREE = configure(JsonMapper.builder()
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS).build());

    private ConfigMapper() {
    }

    /** The mapper that reads YAML text. */
    public static ObjectMapper yaml() {
        return YAML;
    }

    /** The mapper that binds already-parsed trees to records. */
    public static ObjectMapper tree() {
        return TREE;
    }

    private static ObjectMapper configure(ObjectMapper mapper) {
        SimpleModule units = new SimpleModule("lachesis-units");
        units.addDeserializer(Duration.class, new JsonDeserializer<>() {
            @Override
            public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                String text = p.getValueAsString();
                if (text == null) {
                    return (Duration) ctxt.handleUnexpectedToken(Duration.class, p);
                }
                try {
                    return DurationText.parse(text);
                } catch (IllegalArgumentException e) {
                    return (Duration) ctxt.handleWeirdStringValue(Duration.class, text, e.getMessage());
                }
            }
        });
        units.addDeserializer(ByteSize.class, new JsonDeserializer<>() {
            @Override
            public ByteSize deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                String text = p.getValueAsString();
                if (text == null) {
                    return (ByteSize) ctxt.handleUnexpectedToken(ByteSize.class, p);
                }
                try {
                    return ByteSize.parse(text);
                } catch (IllegalArgumentException e) {
                    return (ByteSize) ctxt.handleWeirdStringValue(ByteSize.class, text, e.getMessage());
                }
            }
        });
        mapper.registerModule(units);
        mapper.setPropertyNamingStrategy(com.fasterxml.jackson.databind.PropertyNamingStrategies.KEBAB_CASE);
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        mapper.enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);
        mapper.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        return mapper;
    }
}
