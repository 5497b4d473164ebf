import type { ExecutionResult } from 'graphql';

// No DOM here: the tests import this file under Node's type-check.

/**
 * The first `accessToken` string in a mutation's result: `login`, `loginWithOAuth`,
 * `exchangeSocialToken` and `refreshToken` all answer an `AuthPayload` at the top of `data`.
 */
export function accessTokenOf(result: ExecutionResult): string | null {
  for (const value of Object.values(result.data ?? {})) {
    if (typeof value !== 'object' || value === null) continue;
    const token = (value as Record<string, unknown>)['accessToken'];
    if (typeof token === 'string' && token !== '') return token;
  }
  return null;
}

/** The headers editor's text with `Authorization: Bearer <token>` set, other headers kept. */
export function headersWithToken(current: string | undefined, token: string): string {
  let headers: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(current?.trim() || '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) headers = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (the user is mid-edit): replace it rather than send a broken header set.
  }
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
  return JSON.stringify({ ...headers, Authorization: `Bearer ${token}` }, null, 2);
}

/**
 * The access token of a URL fragment `#token=<accessToken>` (what `POST /dev/sessions` answers as
 * `graphiqlUrl`: GraphiQL opened signed in as someone), and the fragment without it, to put back
 * in the address bar so the token is not left in the history or a copied link. Null when there is none.
 */
export function tokenOfFragment(hash: string): { readonly token: string; readonly rest: string } | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  if (token === null || token.trim() === '') return null;
  params.delete('token');
  const rest = params.toString();
  return { token: token.trim(), rest: rest === '' ? '' : `#${rest}` };
}
