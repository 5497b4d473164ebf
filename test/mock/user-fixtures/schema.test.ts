import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkFixtures } from '../../../src/mock-server/user-fixtures/index.js';
import { fixturesJsonSchema } from '../../../src/mock-server/user-fixtures/json-schema.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const committed = JSON.parse(readFileSync(`${root}fixtures/parley-fixtures.schema.json`, 'utf8')) as Record<string, unknown>;
const example = JSON.parse(readFileSync(`${root}fixtures/example.json`, 'utf8')) as Record<string, unknown>;
const validate = new Ajv({ allErrors: true }).compile(committed);

describe('fixtures/parley-fixtures.schema.json', () => {
  it('is what the loader validates with (made from its valibot schema): run `npm run fixtures:schema` when this fails', () => {
    expect(committed).toEqual(fixturesJsonSchema());
  });

  it('accepts fixtures/example.json, and so does the loader', () => {
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(checkFixtures(example, Date.now())).toMatchObject({ ok: true });
  });

  it('the example names the schema for editors', () => {
    expect(example.$schema).toBe('./parley-fixtures.schema.json');
  });

  const user = { username: 'alice' };
  const workspace = { name: 'Acme', owner: 'alice' };
  const message = { channel: 'general', from: 'alice', text: 'hi' };
  /** Files of the wrong shape: both the JSON Schema (an editor) and the loader refuse each. */
  const wrongShapes: [string, unknown][] = [
    ['no users', {}],
    ['an unknown field', { users: [user], extra: 1 }],
    ['a username against the rule', { users: [{ username: 'a' }] }],
    ['an email that is no email', { users: [{ username: 'alice', email: 'alice' }] }],
    ['a private-ish visibility', { users: [user], workspaces: [workspace], channels: [{ name: 'x', visibility: 'secret' }] }],
    ['a DM of one', { users: [user], dms: [{ between: ['alice'] }] }],
    ['a time in no known form', { users: [user], workspaces: [workspace], messages: [{ ...message, at: 'yesterday' }] }],
    ['a slug with capitals', { users: [user], workspaces: [{ ...workspace, slug: 'Acme' }] }],
    ['version 2', { users: [user], version: 2 }],
  ];
  it.each(wrongShapes)('refuses %s, as the loader does', (_name, doc) => {
    expect(validate(doc)).toBe(false);
    expect(checkFixtures(doc, Date.now()).ok).toBe(false);
  });

  it('says "channel or dm, not both" to editors; the loader says it too', () => {
    const both = { users: [user], workspaces: [workspace], dms: [{ between: ['alice', 'alice'] }], messages: [{ ...message, dm: ['alice', 'alice'] }] };
    expect(validate(both)).toBe(false);
    expect(checkFixtures(both, Date.now())).toEqual({ ok: false, problems: [{ path: 'messages[0]', message: 'give channel or dm, not both' }] });
  });
});
