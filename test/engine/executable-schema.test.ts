import { buildSchema, lexicographicSortSchema, printSchema, validateSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createExecutableSchema } from '../../src/mock-server/graphql/executable-schema.js';
import { schemaSdl } from '../../src/schema/load.js';

/**
 * The mock builds its schema from the embedded SDL without checking it again and without source
 * locations (start-up time): test/contract checks schema.graphql whole, and this holds the schema
 * the mock serves to the one graphql-js builds from schema.graphql with every check.
 */
describe('the executable schema', () => {
  it('is the contract: the same types, fields, arguments, defaults and descriptions as buildSchema(schema.graphql)', () => {
    const checked = buildSchema(schemaSdl());
    const served = createExecutableSchema();
    expect(printSchema(lexicographicSortSchema(served))).toBe(printSchema(lexicographicSortSchema(checked)));
  });

  it('passes schema validation', () => {
    expect(validateSchema(createExecutableSchema()).map((error) => error.message)).toEqual([]);
  });
});
