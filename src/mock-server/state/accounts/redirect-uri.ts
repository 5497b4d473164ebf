import { badInput } from '../errors.js';
import { quote } from '../input.js';

/**
 * Where the authorize page sends its answer when the URL names no `redirect_uri`: the callback
 * route of a Vite dev server on its default port, the most common frontend setup.
 */
export const DEFAULT_REDIRECT_URI = 'http://localhost:5173/oauth/callback';

/** Longer redirect URIs are refused; browsers and proxies cut URLs near this length anyway. */
const REDIRECT_URI_MAX = 2048;

/**
 * Checks a client's redirect URI and returns it normalised (as `URL.href` spells it), so that two
 * spellings of one address bind as equal. The rules of RFC 6749 3.1.2: an absolute URI without a
 * fragment; and, as the mock has no client registration to compare with, http or https only (no
 * `javascript:` or `data:` URIs to redirect a browser to). BAD_USER_INPUT, field `redirect_uri`.
 */
export function checkRedirectUri(value: string): string {
  const field = 'redirect_uri';
  if (value.length > REDIRECT_URI_MAX) {
    throw badInput(`redirect_uri must have at most ${REDIRECT_URI_MAX} characters, but has ${value.length}`, field);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badInput(`redirect_uri must be an absolute http or https URL, but got ${quote(value)}`, field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badInput(`redirect_uri must use http or https, but uses ${quote(url.protocol.slice(0, -1))}`, field);
  }
  if (value.includes('#')) throw badInput('redirect_uri must not have a fragment (#...) (RFC 6749 3.1.2)', field);
  return url.href;
}

/**
 * `redirectUri` with `params` added to its query; a query it already has is kept (RFC 6749
 * 3.1.2), and a parameter of the same name is replaced rather than repeated.
 */
export function redirectWith(redirectUri: string, params: Readonly<Record<string, string>>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}
