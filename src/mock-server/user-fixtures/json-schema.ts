import { toJsonSchema } from '@valibot/to-json-schema';
import { fixtureMessage, fixturesDocument } from './format.js';
import { DROPPED_KEYS } from './reserved-keys.js';

/**
 * The JSON Schema of the fixtures format (draft-07, which editors know best), made from the valibot
 * schema the loader validates with, so the two cannot drift: `npm run fixtures:schema` writes it
 * to `fixtures/parley-fixtures.schema.json`, and a test fails when that file is stale. Referential
 * rules (that a username exists, that a sender is a member) are beyond JSON Schema: only the
 * loader checks them. Only that script and that test load this module (and
 * `@valibot/to-json-schema`, a development dependency): the loader does not need it.
 */
export function fixturesJsonSchema(): Record<string, unknown> {
  const message = fixtureMessage.pipe[0];
  const reactions = message.entries.reactions.pipe[0].wrapped;
  const { $schema, ...schema } = toJsonSchema(fixturesDocument, {
    target: 'draft-07',
    typeMode: 'input',
    overrideSchema: ({ valibotSchema, jsonSchema }) => {
      // "channel or dm, not both": the loader checks it (plan-messages.ts); editors learn it from here.
      if (valibotSchema === message) return { ...jsonSchema, oneOf: [{ required: ['channel'] }, { required: ['dm'] }] };
      // Keys the loader refuses in a record (reserved-keys.ts).
      if (valibotSchema === reactions) return { ...jsonSchema, propertyNames: { ...(jsonSchema.propertyNames as object), not: { enum: [...DROPPED_KEYS] } } };
      return undefined;
    },
  });
  // `$schema` first, as a reader of the file expects it.
  return { $schema, ...schema, title: 'Parley mock fixtures' };
}
