import * as z from 'zod/mini';
import { fixtureMessage, fixturesDocument } from './format.js';

/**
 * The JSON Schema of the fixtures format (draft-07, which editors know best), made from the zod
 * schema the loader validates with, so the two cannot drift: `npm run fixtures:schema` writes it
 * to `fixtures/parley-fixtures.schema.json`, and a test fails when that file is stale. Referential
 * rules (that a username exists, that a sender is a member) are beyond JSON Schema: only the
 * loader checks them.
 */
export function fixturesJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(fixturesDocument, {
    target: 'draft-07',
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      // "channel or dm, not both": zod checks it in the loader; editors learn it from here.
      if (zodSchema === fixtureMessage) jsonSchema.oneOf = [{ required: ['channel'] }, { required: ['dm'] }];
    },
  });
  return { ...schema, title: 'Parley mock fixtures' };
}
