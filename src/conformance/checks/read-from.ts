import type { Exchange } from '../types.js';

/**
 * Which exchange a value was read from (a page, a node of it), so that a verdict on the value can
 * name the request that produced it, even when the check has sent others since. Weakly held: the
 * values live as long as the check keeps them.
 */
const origins = new WeakMap<object, Exchange>();

/** Notes that `value` was read from `exchange`, and returns it; primitives cannot be noted and pass through. */
export function readFrom<T>(value: T, exchange: Exchange): T {
  if (value !== null && typeof value === 'object') origins.set(value, exchange);
  return value;
}

function isExchange(value: object): value is Exchange {
  return 'request' in value && 'response' in value;
}

/** The exchange itself, or the one `value` was read from; undefined when nothing says. */
export function exchangeOf(value: object | undefined): Exchange | undefined {
  if (value === undefined) return undefined;
  return isExchange(value) ? value : origins.get(value);
}
