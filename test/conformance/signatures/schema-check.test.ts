import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../../src/conformance/signatures/schema-check.js';
import { SchemaUnreadable } from '../../../src/conformance/signatures/schema-source.js';
import type { RunReport } from '../../../src/conformance/types.js';
import { contractSdl, faultySchemas, introspectionJson, legalSchemas } from './schemas.js';

/**
 * The signature checks both ways, offline (`parley schema check`): each faulty schema breaks one
 * stated signature and is caught by the check of its section, naming the coordinate; each legal
 * schema differs only where the spec is open and passes.
 */

function failedIds(report: RunReport): string[] {
  return report.results.filter((result) => result.outcome === 'failed').map((result) => result.id);
}

it('the contract passes every signature check, with no notes', async () => {
  const report = await checkSchema(contractSdl, 'schema.graphql');
  expect(report.results.length).toBe(10);
  expect(failedIds(report)).toEqual([]);
  expect(report.notes).toEqual([]);
});

describe('faulty schemas fail the check of their section, naming the coordinate', () => {
  it.each(faultySchemas.map((schema) => [schema.name, schema] as const))('%s', async (_name, schema) => {
    for (const [form, text] of [['SDL', schema.sdl], ['introspection JSON', introspectionJson(schema.sdl)]] as const) {
      const report = await checkSchema(text, 'server');
      expect(failedIds(report), form).toEqual([schema.failing]);
      const failed = report.results.find((result) => result.id === schema.failing)!;
      expect(failed.reason, form).toContain(schema.coordinate);
      expect(failed.comparedWith).toBe('server');
    }
  });

  it('every difference is one evidence line', async () => {
    const two = faultySchemas[3]!.sdl.replace('generateSlug(name: String!)', 'generateSlug(name: ID!)');
    const report = await checkSchema(two, 'server');
    const queries = report.results.find((result) => result.id === 'signatures.4.3-queries')!;
    expect(queries.reason!.split('\n')).toEqual([
      'Query.browseChannels(first:): the spec says default 30; the target has default 20',
      'Query.generateSlug(name:): the spec says String!; the target has ID!',
    ]);
  });

  it('an extra value in an output enum is a SHOULD failure (a warning), not a MUST one', async () => {
    const report = await checkSchema(faultySchemas.find((schema) => schema.name === 'extra value in an output enum')!.sdl, 'server');
    expect(report.summary).toMatchObject({ mustFailed: 0, shouldFailed: 1 });
  });
});

describe('legal schemas pass every signature check', () => {
  it.each(legalSchemas.map((schema) => [schema.name, schema] as const))('%s', async (_name, schema) => {
    for (const [form, text] of [['SDL', schema.sdl], ['introspection JSON', introspectionJson(schema.sdl)]] as const) {
      const report = await checkSchema(text, 'server');
      expect(failedIds(report), `${form}: ${report.results.map((r) => r.reason ?? '').join('\n')}`).toEqual([]);
      if (schema.noted) expect(report.notes.join('\n'), form).toContain(schema.noted);
    }
  });
});

describe('reading a schema', () => {
  it('takes { __schema } as well as { data: { __schema } }', async () => {
    const { data } = JSON.parse(introspectionJson(contractSdl)) as { data: unknown };
    expect(failedIds(await checkSchema(JSON.stringify(data), 'data-only.json'))).toEqual([]);
  });

  it.each([
    ['JSON without __schema', '{"errors":[{"message":"introspection is disabled"}]}', 'without an introspection result'],
    ['broken JSON', '{"data": ', 'is not JSON'],
    ['SDL that does not parse', 'type Query {', 'neither an introspection result'],
  ])('refuses %s with one sentence naming the file', async (_name, text, said) => {
    const refused = checkSchema(text, 'bad-file');
    await expect(refused).rejects.toBeInstanceOf(SchemaUnreadable);
    await expect(refused).rejects.toThrow(said);
    await expect(refused).rejects.toThrow('bad-file');
  });
});
