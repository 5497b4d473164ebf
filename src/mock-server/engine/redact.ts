/** What a secret's value becomes in the request journal. */
export const REDACTED = '[redacted]';

/**
 * Keys whose values the journal never shows, at any depth of the variables (a variable's own
 * name, or a field of an input object): passwords (`password`, `newPassword`, ...), every token
 * (`token`, `accessToken`, `refreshToken`, `idpTwoIdToken`, ...), secrets, PKCE verifiers,
 * authorization values and codes (`idpOneAuthorizationCode`), API keys, and an OAuth `code`.
 * Matched case-insensitively; a variable that holds a secret under another name (`$p`) is not
 * recognised, so name secrets after what they are.
 */
export const SECRET_KEY = /password|passwd|token|secret|verifier|authorization|api_?key|^code$/i;

/** What a value nested deeper than {@link SHOWN_DEPTH} becomes in the journal. */
export const TOO_DEEP = '[nested too deep]';

/**
 * How deep the journal shows variables. The journal keeps refused requests too, whose variables
 * may nest far past `--max-nesting`: this bound keeps reading them from overflowing the stack.
 */
const SHOWN_DEPTH = 64;

/**
 * A copy of `value` with the value of every {@link SECRET_KEY} key replaced by {@link REDACTED},
 * and anything nested deeper than 64 arrays and objects by {@link TOO_DEEP}.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= SHOWN_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(inner, depth + 1);
  return copy;
}
