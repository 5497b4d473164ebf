import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as operations from '../../src/console-app/act-operations.js';

/**
 * The console acts through `/graphql` with the documents of `src/console-app/act-operations.ts`:
 * each must be valid against the schema the mock serves, or its button fails only when a developer
 * clicks it. The Chromium test drives some of them; this checks all of them.
 */

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
const documents = Object.entries(operations).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as const] : []));

describe('the dev console\'s act documents', () => {
  it('are all here: send, edit, delete, react, typing, mark as read', () => {
    expect(documents.map(([name]) => name).sort()).toEqual(['DELETE', 'EDIT', 'MARK_READ', 'REACT', 'SEND', 'TYPING']);
  });

  it.each(documents)('%s is valid against schema.graphql, one named operation', (_name, document) => {
    const parsed = parse(document);
    expect(validate(schema, parsed).map((error) => error.message)).toEqual([]);
    expect(parsed.definitions).toHaveLength(1);
  });
});
