import { readFile } from 'node:fs/promises';
import type { CredentialsFile } from '../conformance/run.js';

/** Bad usage found after parsing (a file that cannot be read, a pattern that matches nothing): exit 2 with this sentence. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

type Account = CredentialsFile['accounts'][number];

const example = '{"accounts":[{"email":"a@example.com","password":"..."},{"accessToken":"..."}]}';

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function account(entry: unknown, index: number): Account {
  const fields = typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as Record<string, unknown>) : {};
  const { email, password, accessToken, refreshToken } = fields;
  if (nonEmptyString(accessToken)) {
    if (refreshToken !== undefined && !nonEmptyString(refreshToken)) throw new UsageError(`--credentials: accounts[${index}].refreshToken must be a non-empty string when given.`);
    return refreshToken === undefined ? { accessToken } : { accessToken, refreshToken };
  }
  if (nonEmptyString(email) && nonEmptyString(password)) return { email, password };
  throw new UsageError(`--credentials: accounts[${index}] needs email and password, or accessToken.`);
}

/**
 * Validates the text of a credentials file: `{ "accounts": [...] }` where each account is
 * `{ email, password }` or `{ accessToken, refreshToken? }` (the first is actor A, then B, then C).
 * Throws a {@link UsageError} naming the first problem in one sentence.
 */
export function parseCredentials(text: string, file: string): CredentialsFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--credentials: ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const accounts = typeof parsed === 'object' && parsed !== null ? (parsed as { accounts?: unknown }).accounts : undefined;
  if (!Array.isArray(accounts)) throw new UsageError(`--credentials: ${file} must hold an object with an "accounts" array, such as ${example}.`);
  if (accounts.length === 0) throw new UsageError(`--credentials: the "accounts" array of ${file} is empty; give at least one account.`);
  return { accounts: accounts.map(account) };
}

const readProblems: Record<string, string> = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'it is a directory' };

/** Reads and validates a credentials file; every problem is a {@link UsageError} of one sentence. */
export async function readCredentials(file: string): Promise<CredentialsFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem = (code !== undefined ? readProblems[code] : undefined) ?? (error instanceof Error ? error.message : String(error));
    throw new UsageError(`--credentials: cannot read ${file} (${problem}).`);
  }
  return parseCredentials(text, file);
}
