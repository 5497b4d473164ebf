import type { Credential, Target } from './target.js';
import type { Exchange } from './types.js';

/** Codes servers use for a rate limit; SPEC.md does not show rate limits (section 8, gaps). */
const RATE_LIMIT_CODES = new Set(['RATE_LIMITED', 'TOO_MANY_REQUESTS', 'THROTTLED']);
/** How long one request keeps waiting out a rate limit before its last answer is taken. */
const PATIENCE_MS = 60_000;
/** The longest single wait. */
const MAX_WAIT_MS = 2000;

export function isRateLimited(exchange: Exchange): boolean {
  return exchange.response.status === 429 || exchange.response.errorCodes.some((code) => code !== null && RATE_LIMIT_CODES.has(code));
}

/**
 * Sends one operation, waiting and sending again while the server answers with a rate limit
 * (HTTP 429 or a rate-limit code): a limit the spec leaves open is no reason to fail a check.
 * Waits a random time up to 100 ms, doubling (at most 2 s), for up to 60 s in all: the
 * randomness ("full jitter") keeps a burst of refused requests from coming back all at once, and
 * a time budget rather than a count of attempts lets a strict limit (one send in flight per
 * token, under the 300 sends of `cross.concurrent-sends`) drain however slow the server is. The
 * last answer is returned whatever it is.
 */
export async function sendRespectingRateLimits(target: Target, query: string, variables: Record<string, unknown> | undefined, as: Credential | null): Promise<Exchange> {
  const deadline = Date.now() + PATIENCE_MS;
  let exchange = await target.graphql(query, variables, as);
  for (let attempt = 1; isRateLimited(exchange) && Date.now() < deadline; attempt++) {
    const wait = Math.random() * Math.min(MAX_WAIT_MS, 100 * 2 ** Math.min(attempt - 1, 10));
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, Math.max(0, deadline - Date.now()))));
    exchange = await target.graphql(query, variables, as);
  }
  return exchange;
}
