/**
 * How deep a request nests, measured without recursion, so that measuring cannot itself overflow
 * the stack it protects. The parser, the validators, the cost rule, variable coercion and the
 * journal's redaction all recurse once per level; a request deeper than the limit is refused
 * before any of them runs (docs/mock-behaviour.md, "Limits before work").
 */

/**
 * Whether the GraphQL document `source` opens more than `max` brackets (`{`, `[`, `(`) at once:
 * selection sets, list and object literals, argument lists. Brackets inside strings, block strings
 * and comments do not count. A single linear pass over the text, stopped as soon as it is over,
 * which is the lexer's own reading of those three contexts.
 */
export function documentNestsDeeperThan(source: string, max: number): boolean {
  let depth = 0;
  const length = source.length;
  for (let at = 0; at < length; at++) {
    const char = source.charCodeAt(at);
    if (char === 0x7b || char === 0x5b || char === 0x28) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d || char === 0x29) {
      // A stray closing bracket is the parser's to report; it must not hide later depth.
      if (depth > 0) depth--;
    } else if (char === 0x23) {
      while (at + 1 < length && source.charCodeAt(at + 1) !== 0x0a && source.charCodeAt(at + 1) !== 0x0d) at++;
    } else if (char === 0x22) {
      at = source.startsWith('"""', at) ? endOfBlockString(source, at + 3) : endOfString(source, at + 1);
    }
  }
  return false;
}

/** Index of the closing quote of a string whose text starts at `from` (or of its line end, where the lexer stops too). */
function endOfString(source: string, from: number): number {
  for (let at = from; at < source.length; at++) {
    const char = source.charCodeAt(at);
    if (char === 0x5c) at++;
    else if (char === 0x22 || char === 0x0a || char === 0x0d) return at;
  }
  return source.length;
}

/** Index of the last quote of a block string whose text starts at `from` (`\"""` does not close it). */
function endOfBlockString(source: string, from: number): number {
  for (let at = from; at < source.length; at++) {
    if (source.startsWith('\\"""', at)) at += 3;
    else if (source.startsWith('"""', at)) return at + 2;
  }
  return source.length;
}

/**
 * Whether a JSON value (the request's variables) nests more than `max` arrays and objects deep.
 * Iterative, with an explicit stack, stopped as soon as it is over: variables arrive already
 * parsed (JSON.parse is not recursive in V8), and the first recursive walk over them is after this.
 */
export function valueNestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
