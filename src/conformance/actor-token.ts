import type { CredentialsFile } from './provision.js';
import { Target, TargetUnreachable } from './target.js';

/** The token could not be had (no such entry, no refresh token in it, the login refused): exit 2, one sentence. */
export class TokenUnavailable extends Error {
  override readonly name = 'TokenUnavailable';
}

const actorIndex = { A: 0, B: 1, C: 2 } as const;

export interface ActorTokenOptions {
  /** The server's base URL; the login goes to `${baseUrl}/graphql`. */
  readonly baseUrl: string;
  readonly credentials: CredentialsFile;
  /** How messages name the file (`accounts[0] of creds.json`). */
  readonly file: string;
  /** A is `accounts[0]`, B `accounts[1]`, C `accounts[2]`, as in a run. */
  readonly actor: keyof typeof actorIndex;
  /** The refresh token instead of the access token. @default false */
  readonly refresh?: boolean;
  /** @default 10000 */
  readonly timeoutMs?: number;
}

/**
 * An actor's token, as a run with `--credentials FILE` would get it: the entry's own
 * `accessToken` (or `refreshToken`), or a fresh one from `login` with its email and password. What
 * `parley conformance token` prints, so a report's curl lines can name a real account's token
 * without holding it.
 */
export async function actorToken(options: ActorTokenOptions): Promise<string> {
  const index = actorIndex[options.actor];
  const entry = `accounts[${index}] of ${options.file}`;
  const account = options.credentials.accounts[index];
  const field = options.refresh ? 'refreshToken' : 'accessToken';
  if (!account) throw new TokenUnavailable(`${options.file} has no accounts[${index}], so there is no actor ${options.actor}.`);
  if ('accessToken' in account) {
    const token = options.refresh ? account.refreshToken : account.accessToken;
    if (token === undefined) throw new TokenUnavailable(`${entry} has an accessToken but no refreshToken.`);
    return token;
  }
  const target = new Target({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
  let body: { data?: { login?: Record<string, unknown> | null } | null; errors?: { message?: string }[] } | null;
  try {
    const exchange = await target.graphql(`mutation ParleyLogin($input: LoginInput!) { login(input: $input) { ${field} } }`, { input: { email: account.email, password: account.password } }, null);
    body = JSON.parse(exchange.response.body) as typeof body;
  } catch (error) {
    if (error instanceof TargetUnreachable) throw new TokenUnavailable(error.message);
    if (error instanceof SyntaxError) throw new TokenUnavailable(`${target.graphqlUrl} did not answer the login of ${entry} with JSON.`);
    throw error;
  }
  const token = body?.data?.login?.[field];
  if (typeof token !== 'string' || token === '') {
    throw new TokenUnavailable(`the login of ${entry} was refused: ${JSON.stringify(body?.errors?.[0]?.message ?? 'no token in the answer')}.`);
  }
  return token;
}
