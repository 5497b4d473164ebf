import { markerPattern } from '../redaction/markers.js';
import type { Exchange } from '../types.js';

/**
 * A secret's marker as redaction writes it (`Bearer $TOKEN_A`, `{"t":"$REFRESH_TOKEN_A"}`). It
 * stays a shell variable in the curl line, in the URL, a header or the body, so the line can be
 * shared without the secret and reused with a fresh one.
 */
const tokenVariable = markerPattern;

/** Headers curl computes itself; passing stale copies would break the request. */
const computedHeaders = new Set(['content-length', 'host']);

/** Quotes `text` for a POSIX shell: single quotes, with each `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Quotes text that holds markers (`$TOKEN_X`) so that they expand and nothing else does.
 * Readable double quotes when the rest is plain; otherwise single-quoted pieces joined to
 * `"$TOKEN_X"`, since `\`, `` ` ``, `$` and (in an interactive bash) `!` are live in double quotes.
 */
function quoteKeepingTokens(text: string): string {
  const literals = text.split(tokenVariable);
  const variables = text.match(tokenVariable) ?? [];
  if (literals.every((literal) => !/[\\"`$!]/.test(literal))) return `"${text}"`;
  return literals.map((literal, i) => (literal === '' ? '' : shellQuote(literal)) + (variables[i] !== undefined ? `"${variables[i]}"` : '')).join('');
}

/** Single quotes, unless the text holds a marker to expand. */
function quote(text: string): string {
  return text.search(tokenVariable) === -1 ? shellQuote(text) : quoteKeepingTokens(text);
}

/**
 * A copy-pasteable `curl` command that reproduces the exchange's request: method, URL, every
 * header and the body (`--data-raw`, so a leading `@` is not read as a file name). One command,
 * split with ` \` continuations for readability. `-i` prints the status line and headers, the
 * evidence a report quotes. `-X` appears only where curl would not infer the method.
 *
 * @example
 * curlFor(exchange)
 * // curl -i 'http://127.0.0.1:4000/graphql' \
 * //   -H 'content-type: application/json' \
 * //   -H "authorization: Bearer $TOKEN_A" \
 * //   --data-raw '{"query":"{ me { id } }"}'
 */
export function curlFor(exchange: Exchange): string {
  const { method, url, headers, body } = exchange.request;
  const inferred = body === undefined ? 'GET' : 'POST';
  const parts = [`curl -i${method === inferred ? '' : ` -X ${method}`} ${quote(url)}`];
  for (const [name, value] of Object.entries(headers)) {
    if (!computedHeaders.has(name.toLowerCase())) parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  if (body !== undefined) parts.push(`--data-raw ${quote(body)}`);
  return parts.join(' \\\n  ');
}
