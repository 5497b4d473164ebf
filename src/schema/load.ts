import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of `schema.graphql`, the contract (the package root, beside `src/` and `dist/`). */
export const schemaPath = fileURLToPath(new URL('../../schema.graphql', import.meta.url));

let cached: string | undefined;

/** The contract's SDL text, read once. */
export function schemaSdl(): string {
  cached ??= readFileSync(schemaPath, 'utf8');
  return cached;
}
