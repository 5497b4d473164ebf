import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../schema/error-codes.js';

/**
 * A UTF-16 surrogate that is not half of a pair. With the `u` flag a pair reads as one code point,
 * so only a lone half matches.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The path (`input.attachments[0].fileName`) of the first string in the variables, key or value,
 * that is not well-formed Unicode (holds a lone surrogate), or undefined when every one is.
 * Recursive: call it only on variables already measured by `valueNestsDeeperThan`.
 */
export function loneSurrogateIn(variables: Readonly<Record<string, unknown>>): string | undefined {
  for (const [name, value] of Object.entries(variables)) {
    const found = LONE_SURROGATE.test(name) ? name : find(value, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

function find(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = find(value[index], `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, inner] of Object.entries(value)) {
    const found = LONE_SURROGATE.test(key) ? `${path}.${key}` : find(inner, `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The refusal of a variable holding malformed Unicode: BAD_USER_INPUT, naming the field in the
 * message and in `extensions.field`, as the domain's own input errors do. Such a string could be
 * stored but never served again: encoders (`encodeURIComponent` in a download's
 * `Content-Disposition`, `TextEncoder` round trips) throw on it or change it.
 */
export function malformedUnicode(path: string): GraphQLError {
  return new GraphQLError(`${path} is not well-formed Unicode: it holds a lone UTF-16 surrogate (half of a character); send whole characters`, {
    extensions: { code: ErrorCode.BAD_USER_INPUT, field: path },
  });
}
