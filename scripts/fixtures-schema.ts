/**
 * Writes `fixtures/parley-fixtures.schema.json` (for editors: `"$schema"` in a fixtures file) from
 * the valibot schema the loader validates with. test/mock/user-fixtures/schema.test.ts fails when the
 * file is stale.
 *
 * Usage: npm run fixtures:schema
 */
import { writeFileSync } from 'node:fs';
import { fixturesJsonSchema } from '../src/mock-server/user-fixtures/json-schema.js';

writeFileSync(new URL('../fixtures/parley-fixtures.schema.json', import.meta.url), `${JSON.stringify(fixturesJsonSchema(), null, 2)}\n`);
