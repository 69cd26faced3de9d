package dev.lachesis.experiments.storm;

import java.io.Serializable;

/**
 * The payload a query's generator adds to each tuple of {@link RateLimitedSpout}, after the spout's
 * timing fields: a query with an input of its own (ETL's SenML records) supplies one, so adding a
 * query is one topology class plus its generator. Each spout task gets its own copy (Storm
 * deserializes the spout per task) and calls it from its executor thread only; not thread-safe.
 */
public interface SourceRecords extends Serializable {
    /** The name of the payload field. */
    String field();

    /** The next record, in the generator's deterministic order. */
    Object next();
}
