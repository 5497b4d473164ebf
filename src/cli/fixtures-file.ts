import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD } from '../mock-server/demo/logins.js';
import type { Fixtures } from '../mock-server/user-fixtures/format.js';
import { defaultEmail } from '../mock-server/user-fixtures/plan.js';

/** A fixtures file read from disk and parsed as JSON (its content is checked when the state is built). */
export interface FixturesFile {
  readonly path: string;
  readonly doc: unknown;
}

/** Reads `--fixtures FILE`; a file that cannot be read or is not JSON is one clear sentence (exit 2 in main.ts). */
export async function readFixturesFile(path: string): Promise<FixturesFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`cannot read the fixtures file ${path}${code === 'ENOENT' ? ': there is no such file' : ` (${(error as Error).message})`}.`);
  }
  try {
    return { path, doc: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(`${path}: the fixtures have 1 problem:\n  (the file): not JSON: ${(error as Error).message}`);
  }
}

/** The startup line with a fixtures file: who can log in, and with which password. */
export function fixtureLogins(fixtures: FixturesFile): string {
  // Called once the state is built, so the file is known to be valid.
  const { users } = fixtures.doc as Pick<Fixtures, 'users'>;
  const shown = users.slice(0, 6).map((user) => `${defaultEmail(user)}${user.password === undefined ? '' : ' (own password)'}`);
  const more = users.length > shown.length ? ` and ${users.length - shown.length} more` : '';
  return `fixtures ${fixtures.path}: logins ${shown.join(', ')}${more}; password ${DEMO_PASSWORD} unless the file sets one`;
}
